# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 Dispatcher.policy, a model.bind(variables, mutable=['queue']) kept on the dispatcher, updates its 'queue' collection inside the fori_loop body
"""Elevator dispatch service: a learned policy assigns each hall call of a batch to a car and
tracks how many calls each car has been given in a 'queue' collection."""

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class CarPolicy(nn.Module):
    cars: int = 4

    @nn.compact
    def __call__(self, call):
        load = self.variable("queue", "assigned", jnp.zeros, (self.cars,))
        scores = nn.Dense(self.cars)(call) - 0.5 * load.value
        choice = jax.nn.one_hot(jnp.argmax(scores), self.cars)
        if not self.is_initializing():
            load.value = load.value + choice
        return choice


class Dispatcher:
    def __init__(self, policy: CarPolicy, seed: int):
        sample = jnp.zeros((3,))
        variables = policy.init(jax.random.key(seed), sample)
        self.policy = policy.bind(variables, mutable=["queue"])

    def dispatch(self, calls):
        def body(i, assignment):
            return assignment + self.policy(calls[i])

        assignment = fori_loop(0, calls.shape[0], body, jnp.zeros((self.policy.cars,)))
        busiest = jnp.max(self.policy.variables["queue"]["assigned"])
        return assignment, busiest


def main():
    calls = jax.random.uniform(jax.random.key(5), (9, 3))
    dispatcher = Dispatcher(CarPolicy(), seed=1)
    assignment, busiest = dispatcher.dispatch(calls)
    float(busiest)
    return None
