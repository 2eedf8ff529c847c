# label: ok
# flax-error: none
# class: 3 the model state is the scan carry; nnx.reseed in the body uses a per-step key scanned over as xs
"""MC-dropout predictions with an NNX model in jax.lax.scan, reseeding from per-step keys."""
import jax
import jax.numpy as jnp
from flax import nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(self.drop(nnx.relu(self.l1(x))))


def main():
    model = Regressor(nnx.Rngs(params=0, dropout=1))
    x = jnp.linspace(-2, 2, 8)[:, None]
    graphdef, state = nnx.split(model)
    keys = jax.random.split(jax.random.key(99), 6)

    def mc_sample(state, key):
        m = nnx.merge(graphdef, state)
        nnx.reseed(m, dropout=key)
        y = m(x)
        return nnx.state(m), y

    _, preds = jax.lax.scan(mc_sample, state, keys)
    return preds
