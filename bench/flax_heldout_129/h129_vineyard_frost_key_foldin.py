# label: ok
# flax-error: none
# class: 3 the body applies the model with rngs={'weather': fold_in(cfg.key, night)}, the key kept on one frozen run-config dataclass
"""Night-by-night frost-risk ensembles for vineyard frost protection (fans and candles).

Each night of the forecast window draws a weather perturbation and predicts the canopy
temperature per vineyard block; the per-night ensemble member is returned for the planner.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class FrostRunConfig:
    key: jax.Array
    nights: int = 6
    blocks: int = 5
    noise_scale: float = 0.8


class CanopyTempNet(nn.Module):
    noise_scale: float

    @nn.compact
    def __call__(self, forecast):
        eps = jax.random.normal(self.make_rng("weather"), forecast.shape)
        h = nn.Dense(8)(forecast + self.noise_scale * eps)
        return nn.Dense(1)(nn.tanh(h))[..., 0]


def forecast_ensemble(model, variables, forecast, cfg: FrostRunConfig):
    def night(i, members):
        key = jax.random.fold_in(cfg.key, i)
        canopy = model.apply(variables, forecast, rngs={"weather": key})
        return members.at[i].set(canopy)

    members = jnp.zeros((cfg.nights, cfg.blocks))
    return jax.lax.fori_loop(0, cfg.nights, night, members)


def main():
    cfg = FrostRunConfig(key=jax.random.key(2024))
    model = CanopyTempNet(cfg.noise_scale)
    forecast = jnp.linspace(-2.0, 3.0, cfg.blocks * 3).reshape(cfg.blocks, 3)
    variables = model.init({"params": jax.random.key(0), "weather": jax.random.key(1)}, forecast)
    return forecast_ensemble(model, variables, forecast, cfg)
