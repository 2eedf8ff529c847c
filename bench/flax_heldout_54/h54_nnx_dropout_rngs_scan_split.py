# label: ok
# flax-error: none
# class: 3 the cell (params and RNG state) is split before the raw lax.scan and its state is carried step to step
"""The recurrent dropout cell after the fix: the RNG count lives in the carried state, so each step
draws a new mask. Returns the dropout masks, step first."""
import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax.lax import scan


class Cell(nnx.Module):
    def __init__(self, hidden, rngs: nnx.Rngs):
        self.lin = nnx.Linear(hidden, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, h):
        mask = self.drop(jnp.ones_like(h))
        return jnp.tanh(self.lin(h * mask)), mask


def main():
    cell = Cell(6, rngs=nnx.Rngs(params=0, dropout=1))
    graphdef, state = nnx.split(cell)

    def step(carry, _):
        h, state = carry
        c = nnx.merge(graphdef, state)
        h, mask = c(h)
        return (h, nnx.state(c)), mask

    (_, state), masks = scan(step, (jnp.ones((2, 6)), state), None, length=6)
    nnx.update(cell, state)
    return masks
