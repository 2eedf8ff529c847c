# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 an nn.OptimizedLSTMCell is constructed and first called inside the lax.scan step of a compact __call__
"""Sequence encoder that unrolls a Linen LSTM cell over time with a raw `lax.scan`.

Modelled on the questions in google/flax#2660 ("nn.scan vs. lax.scan") and google/flax#16
(unrolling a recurrent cell with `lax.scan`), with the cell written inside the step
function that is handed to `jax.lax.scan`.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class SeqEncoder(nn.Module):
    hidden: int = 8
    classes: int = 3

    @nn.compact
    def __call__(self, xs):
        # xs: [time, batch, features]
        batch = xs.shape[1]
        carry0 = (jnp.zeros((batch, self.hidden)), jnp.zeros((batch, self.hidden)))

        def step(carry, x_t):
            carry, h_t = nn.OptimizedLSTMCell(self.hidden, name="lstm")(carry, x_t)
            return carry, h_t

        _, hs = lax.scan(step, carry0, xs)
        return nn.Dense(self.classes, name="head")(hs[-1])


def main():
    xs = jax.random.normal(jax.random.key(1), (6, 2, 4))
    model = SeqEncoder()
    variables = model.init(jax.random.key(0), xs)
    logits = model.apply(variables, xs)
    jnp.asarray(logits).block_until_ready()
    return None
