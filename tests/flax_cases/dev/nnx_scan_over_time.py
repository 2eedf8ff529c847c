# label: ok
# flax-error: none
# class: 5 NNX RNN stepping with nnx.scan, the cell broadcast to every step
import jax
import jax.numpy as jnp
from flax import nnx


class RNN(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.cell = nnx.Linear(2 * dim, dim, rngs=rngs)

    def __call__(self, xs):
        @nnx.scan(in_axes=(None, nnx.Carry, 0), out_axes=(nnx.Carry, 0))
        def step(cell, h, x):
            h = nnx.tanh(cell(jnp.concatenate([h, x], -1)))
            return h, h

        return step(self.cell, jnp.zeros_like(xs[0]), xs)


def main():
    model = RNN(4, nnx.Rngs(0))
    h, hs = model(jnp.ones((5, 2, 4)))
    assert hs.shape == (5, 2, 4)
