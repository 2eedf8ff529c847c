# label: ok
# flax-error: none
# class: 2 nnx.scan over the time axis with the cell broadcast, the suggested replacement for a raw scan
import jax
import jax.numpy as jnp
from flax import nnx


class RNN(nnx.Module):
    def __init__(self, d, rngs):
        self.cell = nnx.GRUCell(d, d, rngs=rngs)

    def __call__(self, xs):
        @nnx.scan(in_axes=(nnx.Carry, None, 0), out_axes=(nnx.Carry, 0))
        def step(h, cell, x):
            h, y = cell(h, x)
            return h, y

        h0 = jnp.zeros((xs.shape[1], xs.shape[2]))
        h, ys = step(h0, self.cell, xs)
        return ys


def main():
    rnn = RNN(5, nnx.Rngs(0))
    ys = rnn(jnp.ones((7, 2, 5)))
    print(ys.shape)
    return None
