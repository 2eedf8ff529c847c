# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 a model whose nnx.Dropout holds an Rngs stream is closed over and called inside the raw scan body
"""Monte-Carlo dropout for a time-series forecaster: the same NNX model is evaluated on every
step of a raw jax.lax.scan with dropout active; the program returns each step's dropout mask."""
import jax
import jax.numpy as jnp
from flax import nnx


class Forecaster(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(6, 6, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, x):
        mask = self.drop(jnp.ones_like(x))
        return self.proj(x * mask), mask


def main():
    model = Forecaster(nnx.Rngs(params=0, dropout=1))
    model.train()
    window = jnp.ones((6,))

    def step(x, _):
        y, mask = model(x)
        return y, mask

    _, masks = jax.lax.scan(step, window, None, length=5)
    return masks
