# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat-wrapped MeltCell submodule is first called (so its params are created) inside the raw scan body
"""Glacier melt forecaster: a recurrent cell over daily forcing, rematerialized to save memory on long seasons."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    hidden: int = 16
    days: int = 10
    stations: int = 3
    forcings: int = 5
    remat_cell: bool = True


class MeltCell(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, x):
        return jnp.tanh(nn.Dense(self.hidden)(h) + nn.Dense(self.hidden, use_bias=False)(x))


class MeltForecaster(nn.Module):
    config: ForecastConfig

    @nn.compact
    def __call__(self, forcing):
        cfg = self.config
        cell_type = nn.remat(MeltCell) if cfg.remat_cell else MeltCell
        cell = cell_type(cfg.hidden, name="cell")

        def advance(h, x_day):
            h = cell(h, x_day)
            return h, h

        h0 = jnp.zeros((forcing.shape[1], cfg.hidden))
        _, states = scan(advance, h0, forcing)
        return nn.Dense(1, name="melt_head")(states).squeeze(-1)


def load_season(cfg: ForecastConfig, key):
    return jax.random.normal(key, (cfg.days, cfg.stations, cfg.forcings))


def main():
    cfg = ForecastConfig()
    forcing = load_season(cfg, jax.random.key(7))
    model = MeltForecaster(cfg)
    variables = model.init(jax.random.key(0), forcing)
    melt = model.apply(variables, forcing)
    print("season melt per station", melt.sum(0))
    return None
