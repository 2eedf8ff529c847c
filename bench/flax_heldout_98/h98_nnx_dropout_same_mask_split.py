# label: ok
# flax-error: none
# class: 5 split state and a key are the jax.lax.scan carry; the body splits the key and nnx.reseed()s the merged module with the fresh subkey
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class NoisyBlock(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x):
        return self.drop(x)


def main():
    block = NoisyBlock(nnx.Rngs(dropout=0))
    graphdef, state = nnx.split(block)
    x = jnp.ones((10,))

    key = jax.random.key(123)

    def step(carry, _):
        state, key = carry
        key, subkey = jax.random.split(key)
        block = nnx.merge(graphdef, state)
        nnx.reseed(block, dropout=subkey)
        y = block(x)
        return (nnx.state(block), key), (y != 0).astype(jnp.float32)

    _, masks = scan(step, (state, key), None, length=5)
    return masks  # [step, 10]
