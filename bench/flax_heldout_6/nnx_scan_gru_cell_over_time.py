# label: ok
# flax-error: none
# class: 2 an nnx.GRUCell held by the sequence model, unrolled over time with nnx.scan (cell broadcast, hidden state as Carry)
import jax
import jax.numpy as jnp
from flax import nnx


class SequenceEncoder(nnx.Module):
    def __init__(self, din, hidden, *, rngs):
        self.cell = nnx.GRUCell(din, hidden, rngs=rngs)
        self.readout = nnx.Linear(hidden, 1, rngs=rngs)
        self.hidden = hidden

    def __call__(self, xs):  # xs: (time, batch, din)
        @nnx.scan(in_axes=(None, nnx.Carry, 0), out_axes=(nnx.Carry, 0))
        def unroll(cell, h, x):
            h, y = cell(h, x)
            return h, y

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        h, ys = unroll(self.cell, h0, xs)
        return self.readout(h), ys


def main():
    enc = SequenceEncoder(3, 8, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(0), (6, 2, 3))
    out, ys = enc(xs)
    assert ys.shape == (6, 2, 8)
    return None
