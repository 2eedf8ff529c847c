# label: ok
# flax-error: none
# class: 2 running mean/var in a "stats" collection threaded through the raw lax.scan carry, one model.apply(mutable=["stats"]) per step
"""Streaming anomaly detector: scores a window of readings, keeping running statistics."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass
class DetectorConfig:
    features: int = 4
    momentum: float = 0.9
    threshold: float = 3.0


class RunningStatsCell(nn.Module):
    config: DetectorConfig

    @nn.compact
    def __call__(self, reading):
        cfg = self.config
        mean = self.variable("stats", "mean", jnp.zeros, (cfg.features,))
        var = self.variable("stats", "var", jnp.ones, (cfg.features,))
        h = nn.Dense(cfg.features, name="proj")(reading)
        z = (h - mean.value) / jnp.sqrt(var.value + 1e-6)
        if not self.is_initializing():
            mean.value = cfg.momentum * mean.value + (1 - cfg.momentum) * h
            var.value = cfg.momentum * var.value + (1 - cfg.momentum) * (h - mean.value) ** 2
        return z


class DetectorDaemon:
    def __init__(self, config):
        self.model = RunningStatsCell(config)
        self.config = config
        self.variables = None

    def warm_up(self, window):
        self.variables = self.model.init(jax.random.key(0), window[0])

    def consume(self, window):
        params = self.variables["params"]

        def step(stats, reading):
            z, updates = self.model.apply({"params": params, "stats": stats}, reading, mutable=["stats"])
            return updates["stats"], jnp.abs(z).max() > self.config.threshold

        stats, alerts = lax.scan(step, self.variables["stats"], window)
        self.variables = {"params": params, "stats": stats}
        return alerts.sum()

    def report(self):
        stats = self.variables["stats"]
        return float(jnp.linalg.norm(stats["mean"])), float(stats["var"].mean())


def main():
    cfg = DetectorConfig()
    daemon = DetectorDaemon(cfg)
    stream = jax.random.normal(jax.random.key(1), (3, 16, cfg.features))
    daemon.warm_up(stream[0])
    for window in stream:
        daemon.consume(window)
    print("running stats", daemon.report())
    return None
