# label: trace-context
# flax-error: TraceContextError: Cannot mutate Crossings from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a local DockingModel in main goes straight into the while_loop body; its __call__ increments a Crossings(nnx.Variable) counter
"""Ferry scheduling: steps a ferry's estimated time of arrival forward in five-minute slots until
it docks, with a model that also counts how many crossing estimates it has served."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class Crossings(nnx.Variable):
    """How many estimates the model has produced (for the service's usage report)."""


class DockingModel(nnx.Module):
    def __init__(self, n_inputs: int, rngs: nnx.Rngs):
        self.speed = nnx.Linear(n_inputs, 1, rngs=rngs)
        self.crossings = Crossings(jnp.zeros((), jnp.int32))

    def __call__(self, conditions):
        self.crossings[...] += 1
        return 0.5 + nnx.sigmoid(self.speed(conditions))[0]


def main():
    model = DockingModel(4, nnx.Rngs(2))
    conditions = jnp.array([0.4, -0.2, 1.1, 0.3])  # wind, current, load, visibility
    distance_nm = 6.0

    def not_docked(state):
        slot, remaining = state
        return (remaining > 0.0) & (slot < 40)

    def advance(state):
        slot, remaining = state
        knots = 12.0 * model(conditions + 0.01 * slot)
        return slot + 1, remaining - knots * (5.0 / 60.0)

    slots, remaining = lax.while_loop(not_docked, advance, (0, jnp.asarray(distance_nm)))
    print("docks after", slots * 5, "minutes")
    return None
