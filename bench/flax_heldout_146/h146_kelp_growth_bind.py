# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 service.helper.bound, a Linen model bound with mutable batch_stats and held by a helper, is called in train mode inside the fori_loop body; the stats are exported after the loop
"""Kelp farm growth forecaster: refreshes BatchNorm statistics over the nightly buoy sweep."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


class GrowthNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x)


@dataclass(frozen=True)
class SweepConfig:
    n_lines: int = 6
    buoys_per_line: int = 8
    n_features: int = 5


class BoundForecaster:
    """Keeps the model bound to its variables so callers can use it like a function."""

    def __init__(self, module: nn.Module, variables):
        self.bound = module.bind(variables, mutable=["batch_stats"])

    def predict(self, readings):
        return self.bound(readings, train=True)

    def batch_stats(self):
        return self.bound.variables["batch_stats"]


class KelpForecastService:
    def __init__(self, config: SweepConfig, helper: BoundForecaster):
        self.config = config
        self.helper = helper

    def recalibrate(self, sweep):
        def body(i, total):
            growth = self.helper.predict(sweep[i])
            return total + growth.mean()

        return jax.lax.fori_loop(0, self.config.n_lines, body, jnp.zeros(()))

    def export_stats(self):
        return jax.tree.map(lambda a: jnp.round(a, 4), self.helper.batch_stats())


def main():
    cfg = SweepConfig()
    sweep = jax.random.normal(jax.random.key(0), (cfg.n_lines, cfg.buoys_per_line, cfg.n_features))
    model = GrowthNet()
    variables = model.init(jax.random.key(1), sweep[0], train=False)
    service = KelpForecastService(cfg, BoundForecaster(model, variables))
    service.recalibrate(sweep)
    stats = service.export_stats()
    print("exported", jax.tree.map(jnp.shape, stats))
    return None
