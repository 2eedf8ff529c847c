# label: same-values
# flax-error: none
# class: 4 the same dropout key is passed as rngs= to the NNX model in every step of a raw jax.lax.scan over MC samples
"""MC-dropout with NNX: the user passes a key explicitly to avoid Rngs in the loop, but it is the same key each time."""
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(1, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3, deterministic=False)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x, *, rngs=None):
        return self.l2(self.drop(nnx.relu(self.l1(x)), rngs=rngs))


def main():
    model = Net(nnx.Rngs(0))
    x = jnp.linspace(-1, 1, 5)[:, None]
    key = jax.random.key(7)

    def draw(_, __):
        return None, model(x, rngs=key)

    _, preds = jax.lax.scan(draw, None, None, length=8)
    return preds
