# label: trace-context
# flax-error: TraceContextError: Cannot mutate RunningLoad from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the smoother module's own settle method runs the while_loop and calls itself in the body, updating its RunningLoad variable
"""Parcel-locker load smoother: iterate the occupancy estimate until it settles."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class RunningLoad(nnx.Variable):
    pass


class LockerLoadSmoother(nnx.Module):
    def __init__(self, lockers: int, *, momentum: float = 0.8, rngs: nnx.Rngs):
        self.mix = nnx.Linear(lockers, lockers, rngs=rngs)
        self.momentum = momentum
        self.load = RunningLoad(jnp.zeros((lockers,)))

    def __call__(self, occupancy):
        estimate = nnx.sigmoid(self.mix(occupancy))
        self.load[...] = self.momentum * self.load[...] + (1.0 - self.momentum) * estimate
        return estimate

    def settle(self, occupancy, *, tol: float = 1e-3, max_iters: int = 10):
        def unsettled(state):
            it, prev, cur = state
            return (it < max_iters) & (jnp.max(jnp.abs(cur - prev)) > tol)

        def refine(state):
            it, _, cur = state
            return it + 1, cur, self(cur)

        start = (jnp.int32(0), jnp.zeros_like(occupancy), occupancy)
        iters, _, final = lax.while_loop(unsettled, refine, start)
        return iters, final


class LockerBankMonitor:
    def __init__(self, smoother: LockerLoadSmoother):
        self.smoother = smoother

    def nightly(self, occupancy):
        iters, final = self.smoother.settle(occupancy)
        return {"iterations": iters, "occupancy": final, "load": self.smoother.load[...]}


def main():
    occupancy = jax.random.uniform(jax.random.key(23), (6,))
    monitor = LockerBankMonitor(LockerLoadSmoother(6, rngs=nnx.Rngs(0)))
    report = monitor.nightly(occupancy)
    jax.block_until_ready(report)
    return None
