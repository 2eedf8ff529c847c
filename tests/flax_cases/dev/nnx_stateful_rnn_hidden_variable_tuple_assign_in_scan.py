# label: trace-context
# flax-error: TraceContextError: Cannot mutate Variable from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a stateful NNX RNN keeps its hidden state in an nnx.Variable; the step method the scan body runs sets it in a tuple assignment
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class StreamingGRU(nnx.Module):
    def __init__(self, din, dh, batch, rngs: nnx.Rngs):
        self.cell = nnx.GRUCell(din, dh, rngs=rngs)
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
    rnn = StreamingGRU(3, 6, 2, nnx.Rngs(0))
    ys = rnn(jnp.ones((5, 2, 3)))
    ys.block_until_ready()
    return None
