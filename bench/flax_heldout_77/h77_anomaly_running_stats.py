# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 running mean/var in a mutable "stats" collection updated by self.variable inside a raw lax.scan body, read back by the daemon
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


class RunningStatsDetector(nn.Module):
    config: DetectorConfig

    @nn.compact
    def __call__(self, window):
        cfg = self.config
        mean = self.variable("stats", "mean", jnp.zeros, (cfg.features,))
        var = self.variable("stats", "var", jnp.ones, (cfg.features,))
        proj = nn.Dense(cfg.features, name="proj")

        def step(carry, reading):
            h = proj(reading)
            z = (h - mean.value) / jnp.sqrt(var.value + 1e-6)
            mean.value = cfg.momentum * mean.value + (1 - cfg.momentum) * h
            var.value = cfg.momentum * var.value + (1 - cfg.momentum) * (h - mean.value) ** 2
            return carry + (jnp.abs(z).max() > cfg.threshold), z

        n_alerts, scores = lax.scan(step, jnp.zeros((), jnp.int32), window)
        return n_alerts, scores


class DetectorDaemon:
    def __init__(self, config):
        self.model = RunningStatsDetector(config)
        self.config = config
        self.variables = None

    def warm_up(self, window):
        self.variables = self.model.init(jax.random.key(0), window)

    def consume(self, window):
        (alerts, _), updates = self.model.apply(self.variables, window, mutable=["stats"])
        self.variables = {**self.variables, **updates}
        return alerts

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
