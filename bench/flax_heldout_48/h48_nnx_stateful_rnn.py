# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an NNX RNN keeps its hidden state in an nnx.Variable attribute that the step method overwrites inside a raw lax.scan body
"""PyTorch-style stateful RNN (self.h kept between calls) ported to NNX, with the time loop as scan."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class StatefulRNN(nnx.Module):
    def __init__(self, din, dh, batch, rngs):
        self.cell = nnx.SimpleCell(din, dh, rngs=rngs)
        self.h = nnx.Variable(jnp.zeros((batch, dh)))

    def step(self, x):
        self.h.value, y = self.cell(self.h.value, x)
        return y

    def __call__(self, xs):
        def body(_, x):
            return None, self.step(x)

        _, ys = lax.scan(body, None, xs)
        return ys


def main():
    rnn = StatefulRNN(3, 8, 2, nnx.Rngs(0))
    ys = rnn(jnp.ones((5, 2, 3)))
    ys.block_until_ready()
    return None
