# label: ok
# flax-error: none
# class: 3 Dispatcher.params kept on the dispatcher are read in the fori_loop body; the 'queue' collection goes through the loop carry
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
        self.policy = policy
        self.params = variables["params"]
        self.queue = variables["queue"]

    def dispatch(self, calls):
        def body(i, carry):
            assignment, queue = carry
            choice, updates = self.policy.apply(
                {"params": self.params, "queue": queue}, calls[i], mutable=["queue"]
            )
            return assignment + choice, updates["queue"]

        init = (jnp.zeros((self.policy.cars,)), self.queue)
        assignment, self.queue = fori_loop(0, calls.shape[0], body, init)
        busiest = jnp.max(self.queue["assigned"])
        return assignment, busiest


def main():
    calls = jax.random.uniform(jax.random.key(5), (9, 3))
    dispatcher = Dispatcher(CarPolicy(), seed=1)
    assignment, busiest = dispatcher.dispatch(calls)
    float(busiest)
    return None
