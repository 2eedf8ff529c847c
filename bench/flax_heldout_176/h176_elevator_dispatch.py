# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the dispatch policy's own __call__ runs scan over hall calls and its body is the first place the setup-defined scorer is called, so init creates the params inside the body
"""Elevator group dispatch.

A dispatch policy scores every car for each hall call in the queue and assigns the call to the
best car; the controller initialises the policy from the first queue it sees.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class BankLayout:
    cars: int = 4
    floors: int = 18


class DispatchPolicy(nn.Module):
    layout: BankLayout

    def setup(self):
        self.scorer = nn.Dense(self.layout.cars)

    def __call__(self, car_positions, hall_calls):
        def body(positions, call):
            features = jnp.concatenate([positions / self.layout.floors, call])
            car = jnp.argmax(self.scorer(features))
            moved = positions.at[car].set(call[0] * self.layout.floors)
            return moved, car

        _, assignments = jax.lax.scan(body, car_positions, hall_calls)
        return assignments


class DispatchController:
    def __init__(self, layout, seed):
        self.policy = DispatchPolicy(layout)
        self.seed = seed
        self.variables = None

    def assign(self, car_positions, hall_calls):
        if self.variables is None:
            self.variables = self.policy.init(jax.random.key(self.seed), car_positions, hall_calls)
        return self.policy.apply(self.variables, car_positions, hall_calls)


def main():
    layout = BankLayout()
    positions = jnp.array([0.0, 5.0, 9.0, 17.0])
    calls = jax.random.uniform(jax.random.key(0), (7, 2))
    DispatchController(layout, seed=1).assign(positions, calls)
    return None
