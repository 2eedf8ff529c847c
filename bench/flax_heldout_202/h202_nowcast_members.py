# label: same-values
# flax-error: none
# class: 5 functools.partial(model.apply, variables, rngs={'perturb': key}) kept on the forecaster and called in the scan body for every ensemble member
"""Weather nowcasting ensembles: a small radar advection net produces a precipitation
nowcast per ensemble member from a perturbed copy of the latest radar frame."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class RadarAdvector(nn.Module):
    channels: int = 6
    perturb_std: float = 0.1

    @nn.compact
    def __call__(self, frame):
        noise = self.perturb_std * jax.random.normal(self.make_rng("perturb"), frame.shape)
        x = (frame + noise)[None, ..., None]
        x = nn.relu(nn.Conv(self.channels, (3, 3))(x))
        x = nn.Conv(1, (3, 3))(x)
        return nn.softplus(x)[0, ..., 0]


class EnsembleForecaster:
    def __init__(self, model: RadarAdvector, variables, key, members: int):
        self.members = members
        self.member_forecast = partial(model.apply, variables, rngs={"perturb": key})

    def nowcast(self, frame):
        def member(acc, _):
            rain = self.member_forecast(frame)
            return acc + rain, rain

        total, per_member = scan(member, jnp.zeros_like(frame), None, length=self.members)
        return total / self.members, per_member


def main():
    frame = jax.random.uniform(jax.random.key(1), (16, 16))
    model = RadarAdvector()
    variables = model.init({"params": jax.random.key(2), "perturb": jax.random.key(3)}, frame)
    forecaster = EnsembleForecaster(model, variables, jax.random.key(4), members=5)
    _, per_member = forecaster.nowcast(frame)
    return per_member
