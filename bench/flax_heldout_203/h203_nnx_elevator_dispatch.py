# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'DispatchPolicy' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the Dispatcher's self.policy caches its last scores on itself (self.last_scores = ...) when called inside the while_loop body
"""Elevator group dispatch: assign hall calls to cars tick by tick until every call has been
served, keeping the policy's latest car scores for the building dashboard."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class DispatchPolicy(nnx.Module):
    def __init__(self, cars, rngs: nnx.Rngs):
        self.score_layer = nnx.Linear(2 * cars, cars, rngs=rngs)
        self.last_scores = jnp.zeros((cars,))

    def __call__(self, positions, calls):
        scores = self.score_layer(jnp.concatenate([positions, calls]))
        self.last_scores = scores
        return jnp.argmax(scores)


class Dispatcher:
    def __init__(self, policy, cars, max_ticks=20):
        self.policy = policy
        self.cars = cars
        self.max_ticks = max_ticks

    def run(self, positions, calls):
        def pending(state):
            tick, _, calls = state
            return (tick < self.max_ticks) & (calls.sum() > 0)

        def tick(state):
            t, positions, calls = state
            car = self.policy(positions, calls)
            floor = jnp.argmax(calls)
            positions = positions.at[car].set(floor.astype(positions.dtype))
            return t + 1, positions, calls.at[floor].set(0.0)

        return lax.while_loop(pending, tick, (jnp.array(0), positions, calls))

    def dashboard(self):
        return {"scores": self.policy.last_scores}


def main():
    cars = 4
    dispatcher = Dispatcher(DispatchPolicy(cars, nnx.Rngs(0)), cars)
    calls = jnp.array([1.0, 0.0, 1.0, 1.0])
    ticks, positions, _ = dispatcher.run(jnp.zeros((cars,)), calls)
    print(int(ticks), positions, dispatcher.dashboard())
    return None
