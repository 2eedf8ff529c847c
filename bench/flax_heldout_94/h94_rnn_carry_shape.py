# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 an LSTMCell defined in setup is first called inside a raw jax.lax.scan in __call__ during init
"""'carry shape changes after first step in my RNN': after fixing the carry with
initialize_carry, the encoder still scans the setup-defined cell with jax.lax.scan, so the
cell's parameters are created inside the scan during init."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Encoder(nn.Module):
    hidden: int = 6

    def setup(self):
        self.cell = nn.LSTMCell(features=self.hidden)

    def __call__(self, xs):  # xs: (time, batch, features)
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), xs.shape[1:])

        def step(carry, x):
            carry, y = self.cell(carry, x)
            return carry, y

        carry, ys = jax.lax.scan(step, carry, xs)
        return ys


def main():
    model = Encoder()
    xs = jnp.ones((5, 2, 3))
    variables = model.init(jax.random.PRNGKey(1), xs)
    ys = model.apply(variables, xs)
    print(ys.shape)
