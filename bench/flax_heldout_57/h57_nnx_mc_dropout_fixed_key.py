# label: same-values
# flax-error: none
# class: 3 a dropout key made before the loop is closed over and passed as rngs= to the model inside the raw scan body
"""'All my dropout masks are the same': after a trace-level error from letting nnx.Dropout
draw from its Rngs inside jax.lax.scan, the user passes an explicit key to the model instead,
but the key is created once before the loop. Returns each step's dropout mask."""
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
    key = jax.random.key(1)
    window = jnp.ones((6,))

    def step(x, _):
        y, mask = model(x, key)
        return y, mask

    _, masks = jax.lax.scan(step, window, None, length=5)
    return masks
