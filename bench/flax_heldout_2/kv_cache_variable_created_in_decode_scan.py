# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 decoder creates its 'cache' collection variable inside the raw scan body at init
import jax
import jax.numpy as jnp
from flax import linen as nn


class CachedDecoder(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, xs):
        proj = nn.Dense(self.dim)
        proj(xs[0])

        def body(h, x):
            cache = self.variable("cache", "last", jnp.zeros, (xs.shape[1], self.dim))
            h = jnp.tanh(proj(x) + cache.value + h)
            cache.value = h
            return h, h

        _, hs = jax.lax.scan(body, jnp.zeros((xs.shape[1], self.dim)), xs)
        return hs


def main():
    xs = jnp.ones((4, 2, 8))
    model = CachedDecoder()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs, mutable=["cache"])
    return None
