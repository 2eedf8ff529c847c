# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 GRUCell constructed inside a nested scan body of a compact module
import jax
import jax.numpy as jnp
import flax.linen as nn


class Decoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, xs):
        carry = jnp.zeros((xs.shape[1], self.hidden))

        def step(h, x):
            h, y = nn.GRUCell(features=self.hidden)(h, x)
            return h, y

        _, ys = jax.lax.scan(step, carry, xs)
        return ys


def main():
    xs = jnp.ones((5, 2, 8))
    model = Decoder()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
    return None
