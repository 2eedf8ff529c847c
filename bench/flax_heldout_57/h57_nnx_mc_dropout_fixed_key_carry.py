# label: ok
# flax-error: none
# class: 3 the dropout key travels in the raw scan carry and is split before every call to the model
"""The fix: carry the key and split it at every step."""
import jax
import jax.numpy as jnp
from flax import nnx


class Forecaster(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(6, 6, rngs=rngs)
        self.drop = nnx.Dropout(0.5)

    def __call__(self, x, key):
        mask = self.drop(jnp.ones_like(x), rngs=key)
        return self.proj(x * mask), mask


def main():
    model = Forecaster(nnx.Rngs(0))
    model.train()
    window = jnp.ones((6,))

    def step(carry, _):
        x, key = carry
        key, sub = jax.random.split(key)
        y, mask = model(x, sub)
        return (y, key), mask

    _, masks = jax.lax.scan(step, (window, jax.random.key(1)), None, length=5)
    return masks
