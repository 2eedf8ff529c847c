# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 functools.partial binds the simulator's Rngs into the scan body, which draws from its 'wind' stream
"""Cabin sway under gusts at the mid-station approach, used to tune the sway damper."""

from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class SwayDamper(nnx.Module):
    def __init__(self, cabins: int, rngs: nnx.Rngs):
        self.gain = nnx.Linear(cabins, cabins, rngs=rngs)

    def __call__(self, push):
        return jnp.tanh(self.gain(push))


def sway_step(peak, load, *, rngs: nnx.Rngs, damper: SwayDamper, gust_scale: float):
    push = load + gust_scale * jax.random.normal(rngs.wind(), load.shape)
    sway = damper(push)
    return jnp.maximum(peak, jnp.abs(sway)), sway


class SwaySimulator:
    def __init__(self, cabins: int = 4, seed: int = 0):
        self.rngs = nnx.Rngs(params=seed, wind=seed + 100)
        self.damper = SwayDamper(cabins, self.rngs)
        self.cabins = cabins

    def approach(self, load, seconds: int = 6, gust_scale: float = 0.5):
        step = functools.partial(sway_step, rngs=self.rngs, damper=self.damper, gust_scale=gust_scale)
        loads = jnp.broadcast_to(load, (seconds, self.cabins))
        peak, sway = scan(step, jnp.zeros((self.cabins,)), loads)
        return sway


def main():
    sim = SwaySimulator()
    return sim.approach(jnp.array([0.2, 0.4, 0.1, 0.3]))
