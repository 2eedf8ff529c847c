# label: ok
# flax-error: none
# class: 5 nnx.split state including the RngCount is carried through the raw scan, merged and re-split in the body
"""The fix: split the model, carry its state (the dropout RngCount included) through the scan,
and split again at the end of every step so the stream advances."""
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
    graphdef, state = nnx.split(model)
    window = jnp.ones((6,))

    def step(carry, _):
        x, state = carry
        m = nnx.merge(graphdef, state)
        y, mask = m(x)
        _, state = nnx.split(m)
        return (y, state), mask

    (_, state), masks = jax.lax.scan(step, (window, state), None, length=5)
    nnx.update(model, state)
    return masks
