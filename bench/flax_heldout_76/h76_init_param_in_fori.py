# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 nn.Dense submodule first created inside the fori_loop body of a compact __call__, so its params are initialized under the loop trace during init
"""Flax module inside fori_loop gives UnexpectedTracerError.

A small recurrent encoder: the hidden state is updated num_steps times with a
shared Dense layer, written with jax.lax.fori_loop for speed.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class RecurrentEncoder(nn.Module):
    hidden: int = 16
    num_steps: int = 4

    @nn.compact
    def __call__(self, x):
        h = jnp.zeros((x.shape[0], self.hidden))

        def body(i, h):
            h = nn.tanh(nn.Dense(self.hidden, name="cell")(jnp.concatenate([x, h], -1)))
            return h

        return jax.lax.fori_loop(0, self.num_steps, body, h)


def main():
    model = RecurrentEncoder()
    x = jnp.ones((2, 8))
    variables = model.init(jax.random.key(0), x)
    out = model.apply(variables, x)
    out.block_until_ready()
    return None
