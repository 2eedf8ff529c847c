# label: ok
# flax-error: none
# class: 4 trainer.adapter keeps the model and its params; batch_stats enter and leave the scan as the carry
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
    """Turns raw sensor windows into pure model calls; the statistics travel explicitly."""

    def __init__(self, model, variables):
        self.model = model
        self.params = variables["params"]
        self.stats = variables["batch_stats"]

    def tension(self, stats, window):
        out, updates = self.model.apply(
            {"params": self.params, "batch_stats": stats}, window, train=True, mutable=["batch_stats"]
        )
        return out[:, 0], updates["batch_stats"]


class LineTrainer:
    def __init__(self, cfg, adapter):
        self.cfg = cfg
        self.adapter = adapter
        self.checkpoints = []

    def calibrate(self, windows):
        def body(stats, window):
            t, stats = self.adapter.tension(stats, window)
            return stats, t

        stats, _ = jax.lax.scan(body, self.adapter.stats, windows)
        self.adapter.stats = stats

    def checkpoint(self):
        stats = self.adapter.stats
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
