# label: ok
# flax-error: none
# class: 3 the kiln monitor's model attribute, a BatchNorm network switched to eval mode, is called inside the scan body
"""Brick-kiln thermocouple monitor: smooths zone readings through a normalised network, hour by hour."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class MonitorSettings:
    zones: int = 4
    hidden: int = 8
    hours: int = 6
    decay: float = 0.7


class ZoneSmoother(nnx.Module):
    def __init__(self, zones: int, hidden: int, *, rngs: nnx.Rngs):
        self.inlet = nnx.Linear(zones, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.outlet = nnx.Linear(hidden, zones, rngs=rngs)

    def __call__(self, readings):
        return self.outlet(nnx.relu(self.norm(self.inlet(readings))))


class KilnMonitor:
    def __init__(self, settings: MonitorSettings, seed: int = 0):
        self.settings = settings
        self.model = ZoneSmoother(settings.zones, settings.hidden, rngs=nnx.Rngs(seed))

    def watch(self, hourly):
        decay = self.settings.decay
        self.model.eval()

        def hour(level, readings):
            smoothed = decay * level + (1.0 - decay) * self.model(readings)
            return smoothed, smoothed.mean()

        level, trace = lax.scan(hour, jnp.zeros_like(hourly[0]), hourly)
        return level, trace


def main():
    settings = MonitorSettings()
    monitor = KilnMonitor(settings)
    hourly = jnp.broadcast_to(jnp.linspace(0.6, 1.1, settings.zones), (settings.hours, 3, settings.zones))
    level, trace = monitor.watch(hourly)
    jax.block_until_ready((level, trace))
