# label: ok
# flax-error: none
# class: 4 service.helper re-binds the Linen model inside the fori_loop body to batch_stats carried through the loop and returns the updated stats as the carry
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
    """Binds the model to the given statistics for one call and hands back the new ones."""

    def __init__(self, module: nn.Module, variables):
        self.module = module
        self.params = variables["params"]
        self.stats = variables["batch_stats"]

    def predict(self, stats, readings):
        bound = self.module.bind({"params": self.params, "batch_stats": stats}, mutable=["batch_stats"])
        growth = bound(readings, train=True)
        return growth, bound.variables["batch_stats"]

    def batch_stats(self):
        return self.stats


class KelpForecastService:
    def __init__(self, config: SweepConfig, helper: BoundForecaster):
        self.config = config
        self.helper = helper

    def recalibrate(self, sweep):
        def body(i, carry):
            total, stats = carry
            growth, stats = self.helper.predict(stats, sweep[i])
            return total + growth.mean(), stats

        init = (jnp.zeros(()), self.helper.stats)
        total, self.helper.stats = jax.lax.fori_loop(0, self.config.n_lines, body, init)
        return total

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
