# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the reservoir's while_loop body reaches a BatchNorm release model through reservoir.bank.models[gate] and calls it in training mode
"""Drawdown planning for a reservoir with a bank of sluice gates; each gate has a learned release model (NNX)."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ReleaseModel(nnx.Module):
    def __init__(self, gauges: int, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(gauges, 6, rngs=rngs)
        self.norm = nnx.BatchNorm(6, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, gauges: jax.Array) -> jax.Array:
        return nnx.softplus(self.out(nnx.relu(self.norm(self.inp(gauges))))).squeeze(-1)


class SluiceBank:
    def __init__(self, gate_names: list[str], gauges: int, rngs: nnx.Rngs):
        self.models = {name: ReleaseModel(gauges, rngs=rngs) for name in gate_names}

    def mode(self, operational: bool) -> None:
        for model in self.models.values():
            model.eval() if operational else model.train()


@dataclass
class DrawdownTarget:
    floor_level_m: float
    max_iterations: int


class Reservoir:
    def __init__(self, bank: SluiceBank, level_m: float):
        self.bank = bank
        self.level_m = level_m

    def drawdown(self, gauges: jax.Array, gate: str, target: DrawdownTarget) -> tuple[jax.Array, jax.Array]:
        def keep_draining(carry):
            i, level = carry
            return (level > target.floor_level_m) & (i < target.max_iterations)

        def drain(carry):
            i, level = carry
            released = self.bank.models[gate](gauges).mean()
            return i + 1, level - 0.1 * released

        return lax.while_loop(keep_draining, drain, (0, jnp.asarray(self.level_m)))


def main():
    bank = SluiceBank(["spillway", "bottom-outlet"], gauges=3, rngs=nnx.Rngs(0))
    bank.mode(operational=False)
    reservoir = Reservoir(bank, level_m=31.0)
    gauges = jnp.array([[31.0, 2.0, 0.4], [30.5, 1.5, 0.6], [30.8, 2.2, 0.3]]) / 10.0
    steps, level = reservoir.drawdown(gauges, "spillway", DrawdownTarget(floor_level_m=30.0, max_iterations=20))
    jax.block_until_ready((steps, level))
    return None
