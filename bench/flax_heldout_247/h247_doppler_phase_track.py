# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "phase" in "/" because collection "track" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 DopplerTracker.__call__ declares the 'track' variable as the local `phase`; the while_loop body closes over it and writes it each iteration
"""Doppler pre-compensation for LEO downlinks at the ground station."""
from __future__ import annotations

import dataclasses
import enum

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class Band(enum.Enum):
    S = "S"
    X = "X"


@dataclasses.dataclass(frozen=True)
class DownlinkPlan:
    band: Band = Band.X
    carriers: int = 3
    tolerance: float = 1e-3
    max_iterations: int = 25


class DopplerTracker(nn.Module):
    plan: DownlinkPlan

    @nn.compact
    def __call__(self, observed):
        phase = self.variable("track", "phase", jnp.zeros, (self.plan.carriers,))
        gain = self.param("pll_gain", nn.initializers.constant(0.4), (self.plan.carriers,))
        if self.is_initializing():
            return observed - phase.value, 0
        tol, limit = self.plan.tolerance, self.plan.max_iterations

        def tracking(state):
            it, err = state
            return (it < limit) & (jnp.max(jnp.abs(err)) > tol)

        def update(state):
            it, err = state
            correction = gain * err
            phase.value = phase.value + correction
            return it + 1, err - correction

        iterations, residual = while_loop(tracking, update, (0, observed - phase.value))
        return residual, iterations


class DownlinkSession:
    def __init__(self, plan: DownlinkPlan):
        self.plan = plan
        self.tracker = DopplerTracker(plan)
        observed = self.observed_offsets()
        self.variables = self.tracker.init(jax.random.key(0), observed)

    def observed_offsets(self):
        return jnp.array([0.30, -0.12, 0.07])

    def lock(self):
        residual, iterations = self.tracker.apply(self.variables, self.observed_offsets())
        return residual, iterations


def main():
    session = DownlinkSession(DownlinkPlan())
    residual, iterations = session.lock()
    jax.block_until_ready((residual, iterations))
    return None
