# label: same-values
# flax-error: none
# class: 4 a jax.checkpoint-wrapped step passes Rngs built from one captured key to the model's Dropout at every step
import jax
import jax.numpy as jnp
from flax import nnx


class UncertainNet(nnx.Module):
    def __init__(self, rngs):
        self.hidden = nnx.Linear(4, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.5)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x, rngs=None):
        return self.out(self.drop(nnx.relu(self.hidden(x)), rngs=rngs))


def main():
    net = UncertainNet(nnx.Rngs(0))
    x = jnp.ones((4,))
    key = jax.random.key(42)

    def step(carry, _):
        y = net(x, rngs=nnx.Rngs(dropout=key))
        return carry, y

    _, ys = jax.lax.scan(jax.checkpoint(step), None, None, length=5)
    return ys
