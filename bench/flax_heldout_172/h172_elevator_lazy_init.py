# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 DispatchPolicy.__call__ runs the scan itself and its compact car_head Dense is first called inside the body, so init creates the params inside the trace
"""Elevator dispatch: scores which car should answer each hall call in a queue of calls, keeping
a running estimate of where the cars are."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class BankConfig:
    n_cars: int = 4
    n_floors: int = 12


class DispatchPolicy(nn.Module):
    cfg: BankConfig

    @nn.compact
    def __call__(self, calls):
        car_head = nn.Dense(self.cfg.n_cars, name="car_head")
        positions = jnp.linspace(0.0, 1.0, self.cfg.n_cars)

        def answer(pos, call):
            floor, going_up = call[0], call[1]
            scores = car_head(jnp.concatenate([pos, call])) - jnp.abs(pos - floor)
            chosen = jnp.argmax(scores)
            pos = pos.at[chosen].set(floor + 0.05 * going_up)
            return pos, chosen

        _, chosen = jax.lax.scan(answer, positions, calls)
        return chosen


def main():
    cfg = BankConfig()
    policy = DispatchPolicy(cfg)
    calls = jnp.stack([jnp.linspace(0.1, 0.9, 8), jnp.tile(jnp.array([1.0, -1.0]), 4)], axis=1)
    variables = policy.init(jax.random.key(0), calls)
    chosen = policy.apply(variables, calls)
    print("cars", chosen)
    return None
