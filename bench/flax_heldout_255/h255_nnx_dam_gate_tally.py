# label: trace-context
# flax-error: TraceContextError: Cannot mutate AdjustmentCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 the gate controller's own settle method runs while_loop and increments its adjustments counter Variable inside the body
from __future__ import annotations

import jax
import jax.numpy as jnp
from jax.lax import while_loop
from flax import nnx


class AdjustmentCount(nnx.Variable):
    pass


class RadialGateController(nnx.Module):
    """Opens a radial spillway gate step by step until the reservoir level settles."""

    def __init__(self, n_sensors: int, *, rngs: nnx.Rngs, tolerance: float = 0.05, max_moves: int = 8):
        self.policy = nnx.Linear(n_sensors + 1, 1, rngs=rngs)
        self.adjustments = AdjustmentCount(jnp.zeros((), jnp.int32))
        self.tolerance = tolerance
        self.max_moves = max_moves

    def _move(self, sensors, opening):
        features = jnp.concatenate([sensors, opening[None]])
        return jnp.clip(opening + 0.1 * jnp.tanh(self.policy(features)[0]), 0.0, 1.0)

    def settle(self, sensors, target_level):
        def unsettled(state):
            moves, opening, level = state
            return (moves < self.max_moves) & (jnp.abs(level - target_level) > self.tolerance)

        def move(state):
            moves, opening, level = state
            opening = self._move(sensors, opening)
            self.adjustments[...] += 1
            return moves + 1, opening, level - 0.3 * opening

        return while_loop(unsettled, move, (jnp.int32(0), jnp.float32(0.2), sensors.mean()))


class DamOperations:
    def __init__(self, seed: int = 0):
        self.gate = RadialGateController(3, rngs=nnx.Rngs(seed))

    def flood_response(self, sensors, target_level: float):
        moves, opening, level = self.gate.settle(sensors, target_level)
        return opening, level, self.gate.adjustments[...]


def main():
    ops = DamOperations()
    sensors = jnp.array([1.8, 2.1, 1.95])
    result = ops.flood_response(sensors, target_level=1.2)
    jax.block_until_ready(result)
    return None
