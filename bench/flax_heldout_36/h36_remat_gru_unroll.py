# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 module-level unroll() helper runs lax.scan over an nn.remat(GRUCell) that is first called (so created) inside the body during init
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


def unroll(cell, carry, inputs):
    def body(c, x):
        c, y = cell(c, x)
        return c, y

    return lax.scan(body, carry, inputs)


class SequenceEncoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.remat(nn.GRUCell)(features=self.hidden, name="gru")
        carry = jnp.zeros((xs.shape[1], self.hidden))
        carry, ys = unroll(cell, carry, xs)
        return nn.Dense(2)(carry)


def main():
    model = SequenceEncoder()
    xs = jnp.ones((5, 2, 3))
    variables = model.init(jax.random.key(0), xs)
    out = model.apply(variables, xs)
    out.block_until_ready()
    return None
