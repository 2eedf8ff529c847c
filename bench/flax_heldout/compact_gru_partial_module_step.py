# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 GRU cell built in the compact method and bound into a module-level step with functools.partial
import functools

import flax.linen as nn
import jax
import jax.numpy as jnp


def gru_step(cell, h, x):
    h, y = cell(h, x)
    return h, y


class Encoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(self.hidden)
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        h, ys = jax.lax.scan(functools.partial(gru_step, cell), h0, xs)
        return nn.Dense(2)(h)


def main():
    xs = jnp.ones((5, 2, 4))
    enc = Encoder()
    variables = enc.init(jax.random.PRNGKey(0), xs)
    enc.apply(variables, xs)
