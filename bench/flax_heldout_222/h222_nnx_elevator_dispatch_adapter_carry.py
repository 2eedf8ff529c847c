# label: ok
# flax-error: none
# class: 4 Dispatcher -> PolicyAdapter.view merges the carried state inside the while_loop body without caching; the final state leaves through the loop carry and is loaded after the loop
"""Elevator group control: dispatch hall calls to cars over a shift with a learned assignment policy."""

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class AssignmentPolicy(nnx.Module):
    def __init__(self, floors: int, cars: int, *, rngs: nnx.Rngs):
        self.encode = nnx.Linear(floors, 16, rngs=rngs)
        self.assign = nnx.Linear(16, cars, rngs=rngs)

    def __call__(self, hall_calls):
        return self.assign(nnx.relu(self.encode(hall_calls)))


class PolicyAdapter:
    """Turns the functional (graphdef, state) pair back into a live policy object."""

    def __init__(self, graphdef):
        self.graphdef = graphdef
        self.live: AssignmentPolicy | None = None

    def view(self, state) -> AssignmentPolicy:
        return nnx.merge(self.graphdef, state)

    def load(self, state) -> AssignmentPolicy:
        self.live = nnx.merge(self.graphdef, state)
        return self.live


class Dispatcher:
    def __init__(self, policy: AssignmentPolicy, cars: int):
        graphdef, self.state = nnx.split(policy)
        self.adapter = PolicyAdapter(graphdef)
        self.cars = cars

    def run_shift(self, hall_calls):
        def cond(carry):
            t, _, _ = carry
            return t < hall_calls.shape[0]

        def body(carry):
            t, state, trips = carry
            policy = self.adapter.view(state)
            car = jnp.argmax(policy(hall_calls[t]))
            return t + 1, nnx.state(policy), trips.at[car].add(1)

        _, self.state, trips = lax.while_loop(cond, body, (jnp.int32(0), self.state, jnp.zeros(self.cars, jnp.int32)))
        self.adapter.load(self.state)
        return trips

    def next_car(self, calls) -> int:
        return int(jnp.argmax(self.adapter.live(calls)))


def main():
    floors, cars = 12, 4
    dispatcher = Dispatcher(AssignmentPolicy(floors, cars, rngs=nnx.Rngs(0)), cars)
    hall_calls = jax.random.bernoulli(jax.random.key(8), 0.2, (30, floors)).astype(jnp.float32)
    dispatcher.run_shift(hall_calls)
    dispatcher.next_car(hall_calls[-1])
    return None
