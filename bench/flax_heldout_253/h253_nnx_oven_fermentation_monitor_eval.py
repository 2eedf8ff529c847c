# label: ok
# flax-error: none
# class: 3 monitor.model (with BatchNorm layers) is put in evaluation mode and closed over by the scan body
"""Fermentation-rate monitoring for the proofing rooms of a bakery, one reading per interval."""
from dataclasses import dataclass, field

import jax
import jax.numpy as np
from flax import nnx
from jax import lax


class FermentationNet(nnx.Module):
    def __init__(self, probes: int, hidden: int, *, rngs):
        self.inp = nnx.Linear(probes, hidden, rngs=rngs)
        self.bn = nnx.BatchNorm(hidden, rngs=rngs)
        self.rate = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, probe_readings):
        return self.rate(nnx.relu(self.bn(self.inp(probe_readings))))[..., 0]


@dataclass
class ProofingRoom:
    room_id: str
    racks: int = 3
    alerts: list = field(default_factory=list)


class FermentationMonitor:
    def __init__(self, probes: int = 5, hidden: int = 8, limit: float = 1.5):
        self.model = FermentationNet(probes, hidden, rngs=nnx.Rngs(17))
        self.model.eval()
        self.limit = limit

    def watch(self, room: ProofingRoom, intervals):
        def interval(peak, readings):
            rates = self.model(readings)
            return np.maximum(peak, rates.max()), rates

        peak, rates = lax.scan(interval, np.float32(-np.inf), intervals)
        if bool(peak > self.limit):
            room.alerts.append(float(peak))
        return rates


def main():
    monitor = FermentationMonitor()
    room = ProofingRoom("R-2")
    intervals = 26.0 + jax.random.normal(jax.random.key(0), (6, room.racks, 5))
    rates = monitor.watch(room, intervals)
    jax.block_until_ready(rates)
    return None
