# label: same-values
# flax-error: none
# class: 2 a fresh nnx.Rngs with a fixed seed is built inside the raw lax.scan body and passed to the model's Dropout
"""MC-dropout uncertainty estimate: run the model N times with dropout on, in a jax.lax.scan; the
user builds nnx.Rngs(dropout=0) inside the body and passes it to the call. Returns the masks."""
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

    def body(_, __):
        rngs = nnx.Rngs(dropout=0)
        _, mask = model(x, rngs)
        return None, mask

    _, masks = jax.lax.scan(body, None, None, length=8)
    return masks
