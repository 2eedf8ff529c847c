# label: ok
# flax-error: none
# class: 3 one self.make_rng("perturb") key is split into per-member keys outside the scan; the body hands its key to self.perturber.jitter
"""Ensemble nowcasting: perturb the analysis field once per member and advect each member one frame."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

scan = jax.lax.scan


class Perturber(nn.Module):
    amplitude: float = 0.05

    def member_keys(self, members):
        return jax.random.split(self.make_rng("perturb"), members)

    def jitter(self, field, key):
        noise = jax.random.normal(key, field.shape)
        return field * (1.0 + self.amplitude * noise)


class MemberAdvector(nn.Module):
    @nn.compact
    def __call__(self, field):
        return field + 0.1 * jnp.tanh(nn.Dense(field.shape[-1], name="drift")(field))


class EnsembleNowcaster(nn.Module):
    members: int = 4

    def setup(self):
        self.perturber = Perturber()
        self.advect = MemberAdvector()

    def control(self, field):
        return self.advect(field)

    def __call__(self, field):
        def member(_, key):
            return None, self.advect(self.perturber.jitter(field, key))

        _, forecasts = scan(member, None, self.perturber.member_keys(self.members))
        return forecasts


@dataclasses.dataclass(frozen=True)
class EnsembleRequest:
    station_grid: jax.Array
    seed: int = 21

    @property
    def rngs(self):
        return {"perturb": jax.random.key(self.seed)}


def run_ensemble(model: EnsembleNowcaster, request: EnsembleRequest):
    variables = model.init(jax.random.key(0), request.station_grid, method=EnsembleNowcaster.control)
    return model.apply(variables, request.station_grid, rngs=request.rngs)


def main():
    grid = jnp.linspace(0.2, 1.4, 6).reshape(2, 3)
    forecasts = run_ensemble(EnsembleNowcaster(), EnsembleRequest(grid))
    return forecasts
