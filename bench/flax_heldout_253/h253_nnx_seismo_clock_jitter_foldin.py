# label: ok
# flax-error: none
# class: 2 a key drawn from the local Rngs before the loop goes into the scan body and is folded with the epoch index
"""Simulated GPS clock jitter for a seismograph array, used to stress-test phase picking."""
import jax.numpy as jnp
from flax import nnx
from jax import lax, random


class ClockDrift(nnx.Module):
    def __init__(self, stations: int, *, rngs: nnx.Rngs):
        self.bias = nnx.Param(0.01 * random.normal(rngs.params(), (stations,)))
        self.scale = nnx.Param(jnp.full((stations,), 0.002))

    def __call__(self, epoch_offsets, key):
        return epoch_offsets + self.bias[...] + self.scale[...] * random.normal(key, epoch_offsets.shape)


def simulate_jitter(stations: int = 5, epochs: int = 6, seed: int = 0):
    rngs = nnx.Rngs(params=seed, noise=seed + 1)
    drift = ClockDrift(stations, rngs=rngs)
    offsets = jnp.zeros((stations,))
    key = rngs.noise()

    def epoch(carry, index):
        return carry, drift(offsets, random.fold_in(key, index))

    _, jitter = lax.scan(epoch, None, jnp.arange(epochs))
    return jitter


def main():
    return simulate_jitter()
