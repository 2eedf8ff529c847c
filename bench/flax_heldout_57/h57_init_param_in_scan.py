# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.param is created by a closure over the module inside the raw scan body while init runs
"""A hand-written GRU-style cell moved from a Python for-loop into jax.lax.scan for speed.

The weights are still declared lazily with self.param inside the step function, which is now
the body of a raw scan, so during init they are created inside the scan trace.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ScanRNN(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        def step(h, x):
            w_x = self.param("w_x", nn.initializers.lecun_normal(), (x.shape[-1], self.hidden))
            w_h = self.param("w_h", nn.initializers.orthogonal(), (self.hidden, self.hidden))
            h = jnp.tanh(x @ w_x + h @ w_h)
            return h, h

        h0 = jnp.zeros((xs.shape[1], self.hidden))
        _, hs = jax.lax.scan(step, h0, xs)
        return hs


def main():
    xs = jnp.ones((6, 2, 4))  # time, batch, features
    model = ScanRNN()
    variables = model.init(jax.random.PRNGKey(0), xs)
    hs = model.apply(variables, xs)
    jnp.mean(hs).block_until_ready()
    return None
