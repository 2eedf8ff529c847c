# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 SalinityTracker.__call__ runs the scan itself and its BatchNorm submodule updates batch_stats inside the body
"""Salinity tracker for the evaporation pond cascade."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class CascadeSettings:
    ponds: int = 3
    probes: int = 5
    hours: int = 4
    mode: str = "train"


class SalinityTracker(nn.Module):
    channels: int
    training: bool

    def setup(self):
        self.project = nn.Dense(self.channels)
        self.norm = nn.BatchNorm(use_running_average=not self.training, momentum=0.95)

    def encode(self, reading):
        return self.norm(self.project(reading))

    def __call__(self, readings):
        def hour(level, reading):
            h = self.encode(reading)
            return level + 0.1 * h.mean(), h.var()

        return lax.scan(hour, jnp.zeros(()), readings)


def build_tracker(settings: CascadeSettings) -> SalinityTracker:
    return SalinityTracker(channels=settings.probes, training=settings.mode == "train")


class CascadeService:
    def __init__(self, settings: CascadeSettings):
        self.settings = settings
        self.tracker = build_tracker(settings)
        sample = jnp.ones((settings.ponds, settings.probes))
        self.variables = self.tracker.init(jax.random.key(0), sample, method=SalinityTracker.encode)

    def replay(self, readings):
        return self.tracker.apply(self.variables, readings)


def hourly_readings(settings: CascadeSettings):
    row = jnp.linspace(35.0, 260.0, settings.probes) / 100.0
    grid = jnp.broadcast_to(row, (settings.ponds, settings.probes))
    return jnp.stack([grid + 0.05 * h for h in range(settings.hours)])


def main():
    settings = CascadeSettings(mode="train")
    service = CascadeService(settings)
    level, spread = service.replay(hourly_readings(settings))
    jax.block_until_ready((level, spread))
    return None
