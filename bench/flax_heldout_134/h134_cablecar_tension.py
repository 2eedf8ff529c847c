# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 trainer.adapter holds model.bind(variables, mutable=["batch_stats"]); the scan body calls the bound module through the adapter
"""Grip-tension estimator for a detachable cable-car line: a calibration pass over
sensor windows refreshes the BatchNorm statistics before the nightly checkpoint."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class LineConfig:
    n_sensors: int = 6
    hidden: int = 16
    n_windows: int = 5


class GripTensionNet(nn.Module):
    cfg: LineConfig

    @nn.compact
    def __call__(self, window, train: bool = True):
        h = nn.Dense(self.cfg.hidden)(window)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h))


class TelemetryAdapter:
    """Turns raw sensor windows into model calls on a bound module."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def tension(self, window):
        return self.bound(window, train=True)[:, 0]

    def batch_stats(self):
        return self.bound.variables["batch_stats"]


class LineTrainer:
    def __init__(self, cfg, adapter):
        self.cfg = cfg
        self.adapter = adapter
        self.checkpoints = []

    def calibrate(self, windows):
        def body(carry, window):
            t = self.adapter.tension(window)
            return carry + t.mean(), t

        total, _ = jax.lax.scan(body, jnp.zeros(()), windows)
        return total

    def checkpoint(self):
        stats = self.adapter.batch_stats()
        self.checkpoints.append(jax.tree.map(lambda a: jnp.asarray(a) * 1.0, stats))


def main():
    cfg = LineConfig()
    model = GripTensionNet(cfg)
    windows = jax.random.normal(jax.random.key(0), (cfg.n_windows, 4, cfg.n_sensors))
    variables = model.init(jax.random.key(1), windows[0], train=False)
    trainer = LineTrainer(cfg, TelemetryAdapter(model, variables))
    trainer.calibrate(windows)
    trainer.checkpoint()
    return None
