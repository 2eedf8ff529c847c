# label: ok
# flax-error: none
# class: 5 NNX Dropout without its own Rngs, given nnx.Rngs(dropout=key) built from a per-step key in xs
"""Near-miss of Dropout with its own stream in a raw scan: the module holds no RNG state, each step
builds a fresh nnx.Rngs from the key it receives through xs."""
import jax
import jax.numpy as jnp
from flax import nnx


class NoisyCell(nnx.Module):
    def __init__(self, d, *, rngs: nnx.Rngs):
        self.lin = nnx.Linear(d, d, rngs=rngs)
        self.drop = nnx.Dropout(0.5)

    def __call__(self, h, x, rngs: nnx.Rngs):
        mask = self.drop(jnp.ones_like(x), rngs=rngs)
        return jnp.tanh(self.lin(h) + x * mask), mask


def main():
    cell = NoisyCell(4, rngs=nnx.Rngs(0))
    xs = jnp.ones((6, 2, 4))
    keys = jax.random.split(jax.random.key(3), xs.shape[0])

    def body(h, inp):
        x, key = inp
        return cell(h, x, rngs=nnx.Rngs(dropout=key))

    _, masks = jax.lax.scan(body, jnp.zeros((2, 4)), (xs, keys))
    return masks
