# label: ok
# flax-error: none
# class: 4 the nnx.Rngs built inside the raw lax.scan body is seeded with fold_in(key, step), the step given as xs
"""MC-dropout after the fix: seed each step's Rngs with the step index folded into a base key. Returns the masks."""
import jax
import jax.numpy as jnp
from flax import nnx


class MCModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc = nnx.Linear(4, 4, rngs=rngs)
        self.drop = nnx.Dropout(0.3)

    def __call__(self, x, rngs):
        mask = self.drop(jnp.ones((x.shape[0], 4)), rngs=rngs)
        return self.fc(x) * mask, mask


def main():
    model = MCModel(nnx.Rngs(0))
    x = jnp.ones((2, 4))
    base = jax.random.key(0)

    def body(_, t):
        rngs = nnx.Rngs(dropout=jax.random.fold_in(base, t))
        _, mask = model(x, rngs)
        return None, mask

    _, masks = jax.lax.scan(body, None, jnp.arange(8))
    return masks
