# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7,24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 DispatchPolicy.__call__ runs jax.lax.scan over floors and calls its own setup submodules, first created inside the scan during init
"""Elevator group control: a Linen policy scores each car for every floor's pending hall
calls, scanning up the building while tracking how loaded each car already is. A Dispatcher
service owns the policy and its variables."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class DispatchPolicy(nn.Module):
    n_cars: int
    hidden: int = 24

    def setup(self):
        self.floor_encoder = nn.Dense(self.hidden)
        self.car_scorer = nn.Dense(self.n_cars)

    def __call__(self, hall_calls):
        # hall_calls: [n_floors, features]; carry: expected load per car
        def visit_floor(load, call):
            h = nn.relu(self.floor_encoder(jnp.concatenate([call, load])))
            scores = self.car_scorer(h) - load
            assignment = jax.nn.softmax(scores)
            return load + assignment * call[0], assignment

        load, assignments = jax.lax.scan(visit_floor, jnp.zeros((self.n_cars,)), hall_calls)
        return assignments, load


class Dispatcher:
    def __init__(self, n_cars: int, n_features: int, seed: int = 0):
        self.policy = DispatchPolicy(n_cars=n_cars)
        dummy = jnp.zeros((2, n_features))
        self.variables = self.policy.init(jax.random.key(seed), dummy)

    def assign(self, hall_calls):
        assignments, load = self.policy.apply(self.variables, hall_calls)
        return jnp.argmax(assignments, axis=-1), load


def main():
    dispatcher = Dispatcher(n_cars=4, n_features=3)
    calls = jax.random.uniform(jax.random.key(7), (12, 3))
    cars, load = dispatcher.assign(calls)
    cars.block_until_ready()
    return None
