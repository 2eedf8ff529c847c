# label: ok
# flax-error: none
# class: 2 a local DockingModel in main is split before the while_loop; its state (with the Crossings counter) travels in the loop state, is merged in the body and written back with nnx.update
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
    graphdef, model_state = nnx.split(model)

    def not_docked(state):
        slot, remaining, _ = state
        return (remaining > 0.0) & (slot < 40)

    def advance(state):
        slot, remaining, model_state = state
        local = nnx.merge(graphdef, model_state)
        knots = 12.0 * local(conditions + 0.01 * slot)
        return slot + 1, remaining - knots * (5.0 / 60.0), nnx.state(local)

    slots, remaining, model_state = lax.while_loop(
        not_docked, advance, (0, jnp.asarray(distance_nm), model_state))
    nnx.update(model, model_state)
    print("docks after", slots * 5, "minutes; estimates served", model.crossings[...])
    return None
