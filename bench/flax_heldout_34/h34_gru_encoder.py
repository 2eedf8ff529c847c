# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 nn.GRUCell built in a compact __call__ and called inline in a raw lax.scan body, at init and at apply
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class SequenceEncoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(features=self.hidden)
        h0 = jnp.zeros((xs.shape[0], self.hidden))

        def step(h, x_t):
            h, y = cell(h, x_t)
            return h, y

        h, ys = lax.scan(step, h0, jnp.swapaxes(xs, 0, 1))
        return nn.Dense(2)(h), jnp.swapaxes(ys, 0, 1)


def main():
    model = SequenceEncoder()
    xs = jnp.ones((2, 5, 3))
    variables = model.init(jax.random.PRNGKey(0), xs)
    logits, _ = model.apply(variables, xs)
    logits.block_until_ready()
    return None
