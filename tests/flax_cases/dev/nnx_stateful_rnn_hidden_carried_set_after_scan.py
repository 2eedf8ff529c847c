# label: ok
# flax-error: none
# class: 2 a stateful NNX RNN carries its hidden state through the scan and sets its nnx.Variable once after the loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class StreamingGRU(nnx.Module):
    def __init__(self, din, dh, batch, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(din, dh, rngs=rngs)
        self.h = nnx.Variable(jnp.zeros((batch, dh)))

    def step(self, h, x):
        return self.cell(h, x)

    def __call__(self, xs):
        def body(h, x):
            return self.step(h, x)

        self.h.value, ys = lax.scan(body, self.h.value, xs)
        return ys


def main():
    rnn = StreamingGRU(3, 6, 2, nnx.Rngs(0))
    ys = rnn(jnp.ones((5, 2, 3)))
    ys.block_until_ready()
    return None
