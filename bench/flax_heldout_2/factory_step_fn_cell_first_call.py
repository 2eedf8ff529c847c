# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 factory returns a scan body closing over a not-yet-initialized LSTM cell
import jax
import jax.numpy as jnp
import flax.linen as nn


def make_step(cell):
    def step(carry, x):
        carry, y = cell(carry, x)
        return carry, y
    return step


class Encoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.OptimizedLSTMCell(features=self.hidden)
        carry = cell.initialize_carry(jax.random.PRNGKey(0), xs[0].shape)
        carry, ys = jax.lax.scan(make_step(cell), carry, xs)
        return ys


def main():
    xs = jnp.ones((4, 2, 5))
    model = Encoder()
    variables = model.init(jax.random.PRNGKey(0), xs)
    model.apply(variables, xs)
    return None
