# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a local nnx.Rngs in main is called for its "jitter" stream inside the scan body, next to a local DispatchNet
"""Elevator dispatch: replays a morning's hall calls through a dispatch network, adding a small
random tie-break jitter so equally good cars are not always picked in the same order."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class DispatchNet(nnx.Module):
    def __init__(self, n_cars: int, rngs: nnx.Rngs):
        self.score = nnx.Linear(n_cars + 2, n_cars, rngs=rngs)

    def __call__(self, positions, call):
        return self.score(jnp.concatenate([positions, call]))


def main():
    n_cars = 4
    rngs = nnx.Rngs(params=0, jitter=1)
    net = DispatchNet(n_cars, rngs)
    calls = jnp.stack([jnp.linspace(0.0, 1.0, 10), jnp.tile(jnp.array([1.0, -1.0]), 5)], axis=1)

    def answer(positions, call):
        scores = net(positions, call) + 0.01 * jax.random.uniform(rngs.jitter(), (n_cars,))
        car = jnp.argmax(scores)
        return positions.at[car].set(call[0]), car

    _, cars = scan(answer, jnp.linspace(0.0, 1.0, n_cars), calls)
    print("cars", cars)
    return None
