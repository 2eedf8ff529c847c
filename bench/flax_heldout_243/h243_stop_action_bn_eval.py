# label: ok
# flax-error: none
# class: 1 WindRegulator.__call__ runs lax.while_loop over its own valve Dense and bellows BatchNorm (defined in setup); the builder applies it in evaluation mode
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.lax as lax
from flax import linen as nn
from jax import numpy as jnp


@dataclass(frozen=True)
class ChestSpec:
    division: str
    pallets: int = 4
    tolerance: float = 1e-3
    max_iters: int = 6


class WindRegulator(nn.Module):
    chest: ChestSpec
    train: bool = True

    def setup(self):
        self.valve = nn.Dense(self.chest.pallets)
        self.bellows = nn.BatchNorm(use_running_average=not self.train, momentum=0.95)

    def prime(self, pressure):
        return self.bellows(self.valve(pressure))

    def __call__(self, pressure):
        def unsettled(state):
            i, _, delta = state
            return (i < self.chest.max_iters) & (delta > self.chest.tolerance)

        def settle(state):
            i, p, _ = state
            nxt = 0.5 * p + 0.5 * jnp.tanh(self.bellows(self.valve(p)))
            return i + 1, nxt, jnp.max(jnp.abs(nxt - p))

        _, settled, _ = lax.while_loop(unsettled, settle, (0, pressure, jnp.float32(jnp.inf)))
        return settled


class OrganBuilder:
    def __init__(self, chest: ChestSpec, seed: int = 5):
        self.chest = chest
        self.regulator = WindRegulator(chest, train=False)
        probe = jnp.ones((3, chest.pallets), jnp.float32)
        self.variables = self.regulator.init(jax.random.key(seed), probe, method=WindRegulator.prime)

    def regulate(self, stop_pressures):
        return self.regulator.apply(self.variables, stop_pressures)


def stop_pressures(chest: ChestSpec):
    drawn = jnp.array([[1, 0, 1, 1], [1, 1, 0, 0], [0, 1, 1, 1]], jnp.float32)
    return drawn[:, : chest.pallets] * 0.8 + 0.1


def main():
    builder = OrganBuilder(ChestSpec("swell"))
    settled = builder.regulate(stop_pressures(builder.chest))
    jax.block_until_ready(settled)
    return None
