# label: ok
# flax-error: none
# class: 5 the fori_loop body applies the model with the jitter key from stream_key(), a getter over the module-level _RNG_STREAMS dict, folded with the sweep index
"""Vibration diagnostics for the carousel's organ drive and crank assembly."""

from __future__ import annotations

import zlib

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn

_RNG_STREAMS: dict[str, jax.Array] = {}


def stream_key(name: str) -> jax.Array:
    if name not in _RNG_STREAMS:
        _RNG_STREAMS[name] = jax.random.key(zlib.crc32(name.encode()) & 0x7FFFFFFF)
    return _RNG_STREAMS[name]


class VibrationProbe(nn.Module):
    sensors: int

    @nn.compact
    def __call__(self, rpm):
        base = nn.Dense(self.sensors, name="resonance")(rpm)
        jitter = 0.05 * jax.random.normal(self.make_rng("jitter"), base.shape)
        return base + jitter


class CrankDiagnostics:
    stream = "organ-drive"

    def __init__(self, sensors: int, sweeps: int):
        self.sweeps = sweeps
        self.probe = VibrationProbe(sensors)
        rngs = {"params": jax.random.key(9), "jitter": stream_key(self.stream)}
        self.variables = self.probe.init(rngs, jnp.ones((sensors,)))

    def sweep(self, rpm):
        def one(i, readings):
            sweep_key = jax.random.fold_in(stream_key(self.stream), i)
            reading = self.probe.apply(self.variables, rpm, rngs={"jitter": sweep_key})
            return readings.at[i].set(reading)

        empty = jnp.zeros((self.sweeps,) + rpm.shape)
        return lax.fori_loop(0, self.sweeps, one, empty)


def main():
    diagnostics = CrankDiagnostics(sensors=3, sweeps=5)
    rpm = jnp.array([4.5, 4.5, 4.6])
    return diagnostics.sweep(rpm)
