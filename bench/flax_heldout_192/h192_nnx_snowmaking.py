# label: trace-context
# flax-error: TraceContextError: Cannot mutate PumpHours from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the local controller (an nnx.Module with a PumpHours Variable subclass) goes straight into the while_loop body, which calls it
"""Ski-resort snowmaking: runs the snow guns until the base depth target is met or the night ends."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class PumpHours(nnx.Variable):
    """Cumulative pump runtime, reported to the maintenance system."""


class SnowGunController(nnx.Module):
    def __init__(self, n_guns: int, rngs: nnx.Rngs):
        self.policy = nnx.Linear(3, n_guns, rngs=rngs)
        self.pump_hours = PumpHours(jnp.zeros((n_guns,)))

    def __call__(self, weather):
        duty = nnx.sigmoid(self.policy(weather))
        self.pump_hours[...] = self.pump_hours[...] + 0.5 * duty
        return duty


def main():
    controller = SnowGunController(n_guns=5, rngs=nnx.Rngs(0))
    night = jax.random.normal(jax.random.key(1), (10, 3))
    target = 1.5

    def cond(state):
        hour, depth = state
        return (hour < night.shape[0]) & (depth.mean() < target)

    def body(state):
        hour, depth = state
        duty = controller(night[hour])
        return hour + 1, depth + 0.1 * duty

    jax.lax.while_loop(cond, body, (0, jnp.zeros((5,))))
    float(controller.pump_hours[...].sum())
    return None
