# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 compact LSTM cell handed to a module-level step with functools.partial(step, cell), first called in the scan
from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
from jax import lax


def lstm_step(cell, carry, x):
    carry, y = cell(carry, x)
    return carry, y


class Encoder(nn.Module):
    hidden: int = 6

    @nn.compact
    def __call__(self, xs):
        cell = nn.OptimizedLSTMCell(self.hidden)
        carry = cell.initialize_carry(jax.random.PRNGKey(0), xs[0].shape)
        return lax.scan(partial(lstm_step, cell), carry, xs)


def main():
    xs = jnp.ones((4, 2, 3))
    model = Encoder()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
