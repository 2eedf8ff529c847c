# label: ok
# flax-error: none
# class: 4 jax.random.split gives one dropout key per MC sample, scanned over as xs and passed as rngs= to the NNX model
"""MC-dropout with NNX after the fix: one key per sample."""
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
    keys = jax.random.split(jax.random.key(7), 8)

    def draw(_, k):
        return None, model(x, rngs=k)

    _, preds = jax.lax.scan(draw, None, keys)
    return preds
