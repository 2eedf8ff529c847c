# label: same-values
# flax-error: none
# class: 4 the while_loop body in WakeSimulator.run clones self.fleet.model, whose dropout carries its own rngs, and calls the copy
"""Stochastic wake profiles behind the ferries of a river fleet."""
import jax
import jax.numpy as jnp
from flax import nnx


class WakeNoise(nnx.Module):
    def __init__(self, hull: int, width: int, *, rngs: nnx.Rngs):
        self.width = width
        self.proj = nnx.Linear(hull, width, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x):
        return self.drop(jnp.abs(self.proj(x)) + 1.0)


class Fleet:
    def __init__(self, name: str, model: WakeNoise):
        self.name = name
        self.model = model


class WakeSimulator:
    def __init__(self, fleet: Fleet):
        self.fleet = fleet

    def run(self, hull, n: int):
        width = self.fleet.model.width

        def more(state):
            return state[0] < n

        def crossing(state):
            i, wakes = state
            model = nnx.clone(self.fleet.model)
            return i + 1, wakes.at[i].set(model(hull))

        _, wakes = jax.lax.while_loop(more, crossing, (0, jnp.zeros((n, width))))
        return wakes


def main():
    fleet = Fleet("lower-reach", WakeNoise(3, 4, rngs=nnx.Rngs(params=2, dropout=7)))
    return WakeSimulator(fleet).run(jnp.array([0.5, -0.3, 0.8], dtype=jnp.float32), n=4)
