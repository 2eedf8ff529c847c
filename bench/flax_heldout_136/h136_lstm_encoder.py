# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 Encoder.__call__ runs jax.lax.scan itself and calls its own setup-defined LSTM cell in the body
"""Sequence encoder: an LSTM cell stepped over time with a raw lax.scan inside the module.

Modelled on the kind of report about looping an LSTM cell with jax.lax.scan inside a module:
the cell is called for the first time inside the scan body, so init creates its parameters there.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    hidden: int = 16
    out_dim: int = 8

    def setup(self):
        self.cell = nn.OptimizedLSTMCell(self.hidden)
        self.proj = nn.Dense(self.out_dim)

    def __call__(self, xs):
        # xs: [time, batch, features]
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), xs[0].shape)

        def step(carry, x):
            carry, h = self.cell(carry, x)
            return carry, h

        carry, hs = jax.lax.scan(step, carry, xs)
        return self.proj(hs[-1])


def main():
    xs = jnp.ones((6, 2, 4))
    model = Encoder()
    variables = model.init(jax.random.PRNGKey(0), xs)
    out = model.apply(variables, xs)
    out.block_until_ready()
    return None
