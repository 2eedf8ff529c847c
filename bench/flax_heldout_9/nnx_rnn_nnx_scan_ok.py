# label: ok
# flax-error: none
# class: 1 lifted nnx.scan over time with the cell broadcast and the hidden state carried
import jax
import jax.numpy as jnp
from flax import nnx


class GRUEncoder(nnx.Module):
    def __init__(self, din, dh, rngs):
        self.cell = nnx.GRUCell(din, dh, rngs=rngs)
        self.dh = dh

    def __call__(self, xs):
        @nnx.scan(in_axes=(None, nnx.Carry, 0), out_axes=(nnx.Carry, 0))
        def step(cell, h, x):
            h, y = cell(h, x)
            return h, y

        h0 = jnp.zeros((self.dh,))
        _, ys = step(self.cell, h0, xs)
        return ys


def main():
    enc = GRUEncoder(3, 5, nnx.Rngs(0))
    ys = enc(jnp.ones((6, 3)))
    ys.block_until_ready()
    return None
