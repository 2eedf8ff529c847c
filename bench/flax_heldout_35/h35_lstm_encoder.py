# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 OptimizedLSTMCell constructed and first called inline in the lax.scan step of a compact __call__, so its params are created inside the loop during init
import jax
import jax.numpy as jnp
from flax import linen as nn


class SeqEncoder(nn.Module):
    hidden: int = 8
    n_classes: int = 3

    @nn.compact
    def __call__(self, xs):
        # xs: [time, batch, features]
        batch = xs.shape[1]
        carry = (jnp.zeros((batch, self.hidden)), jnp.zeros((batch, self.hidden)))

        def step(carry, x):
            carry, y = nn.OptimizedLSTMCell(features=self.hidden)(carry, x)
            return carry, y

        carry, ys = jax.lax.scan(step, carry, xs)
        return nn.Dense(self.n_classes)(ys[-1])


def main():
    xs = jnp.ones((5, 2, 4))
    model = SeqEncoder()
    variables = model.init(jax.random.PRNGKey(0), xs)
    logits = model.apply(variables, xs)
    logits.block_until_ready()
    return None
