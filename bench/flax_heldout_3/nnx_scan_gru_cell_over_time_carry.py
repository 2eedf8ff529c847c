# label: ok
# flax-error: none
# class: 5 NNX GRU encoder looping with nnx.scan (cell broadcast, hidden state as nnx.Carry)
"""Near-miss of an NNX module used in a raw scan: the loop is the lifted nnx.scan, which threads
the module's state through the transform."""
import jax
import jax.numpy as jnp
from flax import nnx


class Encoder(nnx.Module):
    def __init__(self, din, hidden, *, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(din, hidden, rngs=rngs)
        self.readout = nnx.Linear(hidden, 1, rngs=rngs)
        self.hidden = hidden

    def __call__(self, xs):
        @nnx.scan(in_axes=(None, nnx.Carry, 0), out_axes=(nnx.Carry, 0))
        def run(cell, h, x):
            h, y = cell(h, x)
            return h, y

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        h, ys = run(self.cell, h0, xs)
        return self.readout(h)


def main():
    enc = Encoder(4, 8, rngs=nnx.Rngs(0))
    out = enc(jnp.ones((6, 3, 4)))
    jax.block_until_ready(out)
    return None
