# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 a GRUCell defined in setup is first called inside a raw jax.lax.scan over time, so its params are created inside the traced body during init
import jax
import jax.numpy as jnp
import flax.linen as nn


class RecurrentEncoder(nn.Module):
    hidden: int = 16

    def setup(self):
        self.cell = nn.GRUCell(features=self.hidden)
        self.head = nn.Dense(2)

    def __call__(self, xs):  # (time, batch, features)
        carry = jnp.zeros((xs.shape[1], self.hidden))

        def step(h, x):
            h, y = self.cell(h, x)
            return h, y

        h, _ = jax.lax.scan(step, carry, xs)
        return self.head(h)


def main():
    model = RecurrentEncoder()
    xs = jnp.ones((5, 2, 3))
    variables = model.init(jax.random.key(0), xs)
    out = model.apply(variables, xs)
    out.block_until_ready()
    return None
