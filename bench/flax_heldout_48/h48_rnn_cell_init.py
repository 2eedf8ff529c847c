# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a GRUCell submodule is first called (so its params are created) inside a raw jax.lax.scan body during init
"""Porting a PyTorch nn.GRU: the time loop becomes jax.lax.scan inside __call__."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(features=self.hidden)
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def step(h, x_t):
            h, y = cell(h, x_t)
            return h, y

        h, ys = jax.lax.scan(step, h0, xs)
        return nn.Dense(4)(h)


def main():
    xs = jnp.ones((6, 2, 8))  # (time, batch, features)
    model = Encoder()
    variables = model.init(jax.random.PRNGKey(0), xs)
    out = model.apply(variables, xs)
    out.block_until_ready()
    return None
