# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 submodule created in the compact method outside the raw scan, first called inside the scan body during init
"""Port of a PyTorch GRU loop: the cell is built outside the scan, the loop calls it."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class GRUEncoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(features=self.hidden)
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def step(h, x):
            h, y = cell(h, x)
            return h, y

        h, ys = jax.lax.scan(step, h0, xs)
        return h, ys


def main():
    xs = jnp.ones((5, 2, 3))
    model = GRUEncoder()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
    return None
