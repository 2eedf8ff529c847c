# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a setup-defined cell (Dense) is called for the first time inside a raw lax.scan body during init
"""Port of a PyTorch GRU-style encoder: `for t in range(T): h = cell(x[t], h)` became jax.lax.scan,
and the cell's parameters are first created inside the scan body when the model is initialised."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    hidden: int = 16

    def setup(self):
        self.cell = nn.Dense(self.hidden)

    def __call__(self, xs):
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def step(h, x):
            h = jnp.tanh(self.cell(jnp.concatenate([x, h], axis=-1)))
            return h, h

        h, hs = jax.lax.scan(step, h0, xs)
        return h


def main():
    model = Encoder()
    xs = jnp.ones((5, 2, 8))
    variables = model.init(jax.random.PRNGKey(0), xs)
    out = model.apply(variables, xs)
    out.block_until_ready()
    return None
