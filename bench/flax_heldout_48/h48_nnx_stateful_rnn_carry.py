# label: ok
# flax-error: none
# class: 1 the hidden state is read from the nnx.Variable before the raw lax.scan, carried through it, and written back once after
"""The same RNN after the fix: the hidden state is the scan carry; the Variable is updated outside."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class StatefulRNN(nnx.Module):
    def __init__(self, din, dh, batch, rngs):
        self.cell = nnx.SimpleCell(din, dh, rngs=rngs)
        self.h = nnx.Variable(jnp.zeros((batch, dh)))

    def __call__(self, xs):
        def body(h, x):
            h, y = self.cell(h, x)
            return h, y

        h, ys = lax.scan(body, self.h.value, xs)
        self.h.value = h
        return ys


def main():
    rnn = StatefulRNN(3, 8, 2, nnx.Rngs(0))
    ys = rnn(jnp.ones((5, 2, 3)))
    ys.block_until_ready()
    return None
