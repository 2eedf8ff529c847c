# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "waiting" in "/" because collection "queue" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 ElevatorDispatcher.dispatch runs the while_loop itself and its body updates the module's own "queue" collection
"""Elevator group dispatching: drain the hall-call queue by assigning calls to cars until the
queue is empty, keeping a per-floor waiting estimate in the module's "queue" collection."""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class ElevatorDispatcher(nn.Module):
    floors: int = 8
    cars: int = 3

    @nn.compact
    def dispatch(self, calls):
        waiting = self.variable("queue", "waiting", lambda: jnp.zeros((self.floors,)))
        scorer = nn.Dense(self.cars)

        def pending(state):
            remaining, _ = state
            return remaining.sum() > 0.5

        def assign(state):
            remaining, served = state
            floor = jnp.argmax(remaining)
            car = jnp.argmax(scorer(jax.nn.one_hot(floor, self.floors)))
            if not self.is_initializing():
                waiting.value = waiting.value.at[floor].add(1.0)
            return remaining.at[floor].set(0.0), served.at[car].add(1.0)

        scorer(jnp.zeros((self.floors,)))
        return lax.while_loop(pending, assign, (calls, jnp.zeros((self.cars,))))


class DispatchService:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def serve(self, calls):
        return self.model.apply(self.variables, calls, method=ElevatorDispatcher.dispatch)


def main():
    model = ElevatorDispatcher()
    calls = (jax.random.uniform(jax.random.key(0), (8,)) > 0.4).astype(jnp.float32)
    variables = model.init(jax.random.key(1), jnp.zeros((8,)), method=ElevatorDispatcher.dispatch)
    _, served = DispatchService(model, variables).serve(calls)
    jax.block_until_ready(served)
    return None
