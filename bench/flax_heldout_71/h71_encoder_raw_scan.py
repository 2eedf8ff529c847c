# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a submodule defined in a compact __call__ is first called (and so initialised) inside a raw lax.scan body
"""Sequence encoder that unrolls a GRU cell with a raw lax.scan inside the module."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class SequenceEncoder(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, tokens):  # tokens: [time, batch, features]
        cell = nn.GRUCell(features=self.hidden, name="cell")
        proj = nn.Dense(self.hidden, name="proj")
        h0 = jnp.zeros((tokens.shape[1], self.hidden))

        def step(h, x):
            h, y = cell(h, proj(x))
            return h, y

        h, ys = lax.scan(step, h0, tokens)
        return h, ys


def main():
    enc = SequenceEncoder()
    tokens = jnp.ones((5, 2, 8))
    variables = enc.init(jax.random.PRNGKey(0), tokens)
    h, _ = enc.apply(variables, tokens)
    print(h.shape)
    return None
