# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.Dense submodules created inline in the raw scan body of a compact __call__, so init creates their params under the scan trace
"""Elman RNN ported from a PyTorch nn.RNN: the cell layers are written inside the scan step."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ElmanRNN(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, xs):  # xs: (T, B, F), time-major like torch
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def step(h, x):
            h = jnp.tanh(nn.Dense(self.hidden, name="ih")(x) + nn.Dense(self.hidden, use_bias=False, name="hh")(h))
            return h, h

        _, hs = jax.lax.scan(step, h0, xs)
        return hs


def main():
    model = ElmanRNN()
    xs = jnp.ones((6, 2, 3))
    variables = model.init(jax.random.PRNGKey(0), xs)
    hs = model.apply(variables, xs)
    hs.block_until_ready()
    return None
