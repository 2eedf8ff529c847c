# label: ok
# flax-error: none
# class: 2 module-level unroll() helper runs lax.scan over a jax.checkpoint body calling a GRUCell whose params are created by a call before the loop
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


def unroll(cell, carry, inputs):
    @jax.checkpoint
    def body(c, x):
        c, y = cell(c, x)
        return c, y

    return lax.scan(body, carry, inputs)


class SequenceEncoder(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, xs):
        cell = nn.GRUCell(features=self.hidden, name="gru")
        carry = jnp.zeros((xs.shape[1], self.hidden))
        if self.is_initializing():
            cell(carry, xs[0])
        carry, ys = unroll(cell, carry, xs)
        return nn.Dense(2)(carry)


def main():
    model = SequenceEncoder()
    xs = jnp.ones((5, 2, 3))
    variables = model.init(jax.random.key(0), xs)
    out = model.apply(variables, xs)
    out.block_until_ready()
    return None
