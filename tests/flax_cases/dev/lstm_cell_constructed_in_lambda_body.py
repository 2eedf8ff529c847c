# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.OptimizedLSTMCell constructed inside a lambda scan body
from flax import linen as nn
import jax
import jax.numpy as jnp


class Encoder(nn.Module):
    features: int = 16

    @nn.compact
    def __call__(self, xs):
        batch = xs.shape[1]
        carry = (jnp.zeros((batch, self.features)), jnp.zeros((batch, self.features)))
        carry, hs = jax.lax.scan(lambda c, x: nn.OptimizedLSTMCell(self.features)(c, x), carry, xs)
        return nn.Dense(1)(hs[-1])


def main():
    xs = jnp.ones((5, 3, 4))
    model = Encoder()
    params = model.init(jax.random.PRNGKey(0), xs)["params"]
    model.apply({"params": params}, xs)
