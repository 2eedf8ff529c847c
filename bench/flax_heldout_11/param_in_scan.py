# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 self.param called inside an inline lax.scan body
import jax
import jax.numpy as jnp
from jax.lax import scan
from flax import linen as nn


class LinearRecurrence(nn.Module):
    @nn.compact
    def __call__(self, xs):
        def f(carry, x):
            a = self.param("a", nn.initializers.normal(0.1), (xs.shape[-1],))
            carry = a * carry + x
            return carry, carry

        _, hs = scan(f, jnp.zeros(xs.shape[-1]), xs)
        return hs


def main():
    model = LinearRecurrence()
    xs = jnp.arange(12.0).reshape(4, 3)
    vs = model.init(jax.random.PRNGKey(42), xs)
    hs = model.apply(vs, xs)
    print(hs)
    return None
