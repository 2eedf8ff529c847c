# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 RollingMonitor.scorer -> DetectorAdapter.bound (model.bind of a train-mode autoencoder) is called from the while_loop body and BatchNorm writes batch_stats
"""Vibration anomaly detector for pump bearings: autoencoder reconstruction error over rolling windows.

The monitor stops scanning as soon as a window crosses the alarm threshold.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class DetectorConfig:
    window: int = 32
    latent: int = 6
    threshold: float = 50.0
    train: bool = True


class VibrationAutoencoder(nn.Module):
    config: DetectorConfig

    @nn.compact
    def __call__(self, window):
        cfg = self.config
        z = nn.Dense(cfg.latent)(window)
        z = nn.BatchNorm(use_running_average=not cfg.train, momentum=0.9)(z)
        return nn.Dense(cfg.window)(nn.tanh(z))


class DetectorAdapter:
    """Adapts a Linen autoencoder to the monitor's score(window) interface."""

    def __init__(self, model: VibrationAutoencoder, variables):
        self.bound = model.bind(variables)

    def score(self, windows):
        recon = self.bound(windows)
        return jnp.mean((recon - windows) ** 2, axis=-1).max()


class RollingMonitor:
    def __init__(self, scorer: DetectorAdapter, threshold: float):
        self.scorer = scorer
        self.threshold = threshold

    def first_alarm(self, stream):
        num = stream.shape[0]

        def cond(state):
            i, worst = state
            return (i < num) & (worst < self.threshold)

        def body(state):
            i, worst = state
            return i + 1, jnp.maximum(worst, self.scorer.score(stream[i]))

        return lax.while_loop(cond, body, (0, jnp.float32(0.0)))


def build_monitor(config: DetectorConfig):
    model = VibrationAutoencoder(config)
    variables = model.init(jax.random.key(0), jnp.zeros((4, config.window)))
    return RollingMonitor(DetectorAdapter(model, variables), config.threshold)


def main():
    config = DetectorConfig()
    stream = jax.random.normal(jax.random.key(2), (12, 4, config.window))
    build_monitor(config).first_alarm(stream)
    return None
