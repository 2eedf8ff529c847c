# label: trace-context
# flax-error: TraceContextError: Cannot mutate GateCalibration from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a local module in the enclosing function is re-synchronised with nnx.update(model, ...) inside the while_loop body
"""Canal lock filling planner: opens the sluices until the chamber reaches the upper pound level."""
import jax
import jax.numpy as jnp
from flax import nnx


class GateCalibration(nnx.Variable):
    """Sluice discharge factor, re-estimated as the paddles wear in."""


class SluiceModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.flow = nnx.Linear(2, 1, rngs=rngs)
        self.calibration = GateCalibration(jnp.ones(()))

    def __call__(self, head):
        return nnx.softplus(self.flow(head))[0] * self.calibration[...]


def fill_lock(model, paddles, target_level, max_steps=20):
    calibration = nnx.state(model, GateCalibration)

    def cond(state):
        level, step, _ = state
        return (level < target_level) & (step < max_steps)

    def body(state):
        level, step, calib = state
        rate = model(paddles * (1.0 + level))
        calib = jax.tree.map(lambda c: c * 0.98, calib)
        nnx.update(model, calib)
        return level + 0.1 * rate, step + 1, calib

    level, steps, calibration = jax.lax.while_loop(cond, body, (jnp.zeros(()), 0, calibration))
    return level, steps


def main():
    paddles = jnp.array([0.7, 0.4])  # ground paddle opening, gate paddle opening
    model = SluiceModel(nnx.Rngs(0))
    level, steps = fill_lock(model, paddles, target_level=1.0)
    print(float(level), int(steps))
