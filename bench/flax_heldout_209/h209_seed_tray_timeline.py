# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the timeline module's own method runs scan and its day encoder and radicle head are first called, so initialized, inside the body
"""Seed germination prediction: day-by-day radicle emergence over a propagation tray."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class TrayConfig:
    n_cells: int = 12
    n_days: int = 10
    hidden: int = 16


class GerminationTimeline(nn.Module):
    config: TrayConfig

    @nn.compact
    def __call__(self, daily_conditions):
        cfg = self.config
        day_encoder = nn.Dense(cfg.hidden, name="day_encoder")
        radicle_head = nn.Dense(1, name="radicle_head")

        def day(imbibed, conditions):
            h = nn.tanh(day_encoder(conditions)) + imbibed
            emerged = nn.sigmoid(radicle_head(h))[..., 0]
            return 0.8 * h, emerged

        _, emergence = scan(day, jnp.zeros((cfg.n_cells, cfg.hidden)), daily_conditions)
        return emergence


class TrayForecaster:
    def __init__(self, config: TrayConfig, seed: int = 0):
        self.config = config
        self.model = GerminationTimeline(config)
        self.seed = seed
        self.variables = None

    def fit_shapes(self, conditions):
        self.variables = self.model.init(jax.random.key(self.seed), conditions)

    def forecast(self, conditions):
        emergence = self.model.apply(self.variables, conditions)
        return emergence.mean(axis=1)


def tray_conditions(config: TrayConfig):
    days = jnp.arange(config.n_days, dtype=jnp.float32)[:, None, None]
    cells = jnp.linspace(0.0, 1.0, config.n_cells)[None, :, None]
    temperature = 18.0 + 4.0 * jnp.sin(days / 2.0) + 0.0 * cells
    moisture = 0.3 + 0.2 * cells + 0.0 * days
    return jnp.concatenate([temperature / 25.0, moisture, days / config.n_days + 0.0 * cells], axis=-1)


def main():
    config = TrayConfig()
    conditions = tray_conditions(config)
    forecaster = TrayForecaster(config)
    forecaster.fit_shapes(conditions)
    forecaster.forecast(conditions)
    return None
