# label: ok
# flax-error: none
# class: 4 the same `make_rngs` helper given a per-step key (split outside, scanned over as xs); returns the per-step predictions
import jax
import jax.numpy as jnp
from flax import nnx


def make_rngs(seed):
    return nnx.Rngs(dropout=seed)


class Block(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(4, 4, rngs=rngs)
        self.drop = nnx.Dropout(0.3)

    def __call__(self, x, *, rngs=None):
        return self.drop(self.fc(x), deterministic=False, rngs=rngs)


def mc_predict(model, x, seed):
    def body(carry, key):
        return carry, model(x, rngs=make_rngs(key))
    return jax.lax.scan(body, None, jax.random.split(jax.random.key(seed), 5), length=5)[1]


def main():
    return mc_predict(Block(nnx.Rngs(0)), jnp.ones((2, 4)), 0)
