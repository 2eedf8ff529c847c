# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/encoder/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the scan body runs inside the monitor's runtime-swapped strategy object, which reaches BatchNorm through model.encoder
"""Wind-turbine gearbox vibration monitor.

The monitor scores each spectral frame of a vibration window. How the
normalisation statistics are treated is a strategy object; when the drift
detector fires, the monitor swaps in the online-adaptation strategy, which
lets the encoder's BatchNorm follow the new operating regime.
"""
from dataclasses import dataclass
from typing import Protocol

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class MonitorConfig:
    bins: int = 8
    width: int = 6
    drift_threshold: float = 0.5


class SpectralEncoder(nn.Module):
    width: int

    @nn.compact
    def __call__(self, frame, adapt: bool):
        h = nn.Dense(self.width, name="proj")(frame)
        return nn.BatchNorm(use_running_average=not adapt, momentum=0.9, name="norm")(h)


class GearboxModel(nn.Module):
    config: MonitorConfig

    def setup(self):
        self.encoder = SpectralEncoder(self.config.width)
        self.head = nn.Dense(1)

    def score_frame(self, frame, adapt: bool = False):
        return self.head(self.encoder(frame, adapt))[..., 0]

    def __call__(self, window, strategy):
        return strategy.rollout(self, window)


class ScoringStrategy(Protocol):
    def rollout(self, model: GearboxModel, window: jax.Array) -> jax.Array: ...


class FrozenStatistics:
    adapt = False

    def rollout(self, model, window):
        def score(carry, frame):
            return carry, model.score_frame(frame[None], self.adapt)[0]
        return lax.scan(score, 0.0, window)[1]


class OnlineAdaptation(FrozenStatistics):
    adapt = True


class VibrationMonitor:
    def __init__(self, config: MonitorConfig):
        self.config = config
        self.model = GearboxModel(config)
        probe = jnp.zeros((1, config.bins))
        self.variables = self.model.init(jax.random.key(5), probe, method=GearboxModel.score_frame)
        self.strategy: ScoringStrategy = FrozenStatistics()

    def on_drift(self, scores):
        if float(jnp.std(scores)) > self.config.drift_threshold:
            self.strategy = OnlineAdaptation()

    def score(self, window):
        return self.model.apply(self.variables, window, self.strategy)


def main():
    monitor = VibrationMonitor(MonitorConfig())
    window = jax.random.normal(jax.random.key(0), (5, 8)) * 3.0
    monitor.on_drift(window[:, 0])
    monitor.score(window)
    return None
