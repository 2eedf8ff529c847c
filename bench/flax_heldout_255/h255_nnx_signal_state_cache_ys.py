# label: ok
# flax-error: none
# class: 5 a module-level step bound with functools.partial merges the detector from the carry and emits its state as the scan's ys; the last one goes into the module-level _LATEST dict after the loop
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import nnx

_LATEST: dict = {}


class OccupancyDetector(nnx.Module):
    """Flags occupied block sections from axle-counter and track-circuit features."""

    def __init__(self, n_features: int, n_sections: int, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(n_features, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.8, rngs=rngs)
        self.out = nnx.Linear(8, n_sections, rngs=rngs)

    def __call__(self, feats):
        return nnx.sigmoid(self.out(nnx.relu(self.bn(self.inp(feats)))))


def _calibrate_step(graphdef, state, feats):
    detector = nnx.merge(graphdef, state)
    occupied = detector(feats)
    return nnx.state(detector), (occupied.mean(), nnx.state(detector, nnx.BatchStat))


def calibrate(detector: OccupancyDetector, shifts):
    graphdef, state = nnx.split(detector)
    step = functools.partial(_calibrate_step, graphdef)
    _, (occupancy, stats_per_shift) = scan(step, state, shifts)
    _LATEST["detector"] = jax.tree.map(lambda s: s[-1], stats_per_shift)
    nnx.update(detector, _LATEST["detector"])
    return occupancy


def shift_features(n_shifts: int = 4, trains: int = 5, n_features: int = 3):
    t = jnp.arange(n_shifts * trains * n_features, dtype=jnp.float32)
    return jnp.cos(t / 4.0).reshape(n_shifts, trains, n_features)


def main():
    detector = OccupancyDetector(3, 4, rngs=nnx.Rngs(6))
    shifts = shift_features()
    occupancy = calibrate(detector, shifts)
    detector.eval()
    flags = detector(shifts[-1])
    jax.block_until_ready((occupancy, flags))
    return None
