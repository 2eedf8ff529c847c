# label: ok
# flax-error: none
# class: 1 an nnx.GRUCell is broadcast into the lifted nnx.scan (in_axes None) rather than a raw lax.scan
import jax
import jax.numpy as jnp
from flax import nnx


class GRUEncoder(nnx.Module):
    def __init__(self, din, dh, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(din, dh, rngs=rngs)
        self.cell = nnx.GRUCell(dh, dh, rngs=rngs)
        self.head = nnx.Linear(dh, 2, rngs=rngs)

    def __call__(self, xs):
        xs = self.embed(xs)
        carry = jnp.zeros(xs[0].shape)

        @nnx.scan(in_axes=(None, nnx.Carry, 0), out_axes=(nnx.Carry, 0))
        def step(cell, carry, x):
            carry, y = cell(carry, x)
            return carry, y

        carry, ys = step(self.cell, carry, xs)
        return self.head(carry), ys


def main():
    model = GRUEncoder(5, 8, rngs=nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (7, 3, 5))
    logits, ys = model(xs)
    logits + 0
    return None
