# label: ok
# flax-error: none
# class: 5 functools.partial binds the NNX regressor into the scan body; dropout keys split before the loop are scanned as xs and wrapped in nnx.Rngs per pass
from functools import partial

import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax import lax


class MCRegressor(nnx.Module):
    def __init__(self, din: int, hidden: int, *, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(din, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.fc2 = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, x, *, rngs: nnx.Rngs | None = None):
        h = nnx.relu(self.fc1(x))
        return self.fc2(self.drop(h, rngs=rngs)).squeeze(-1)


def mc_pass(model, x, carry, key):
    return carry, model(x, rngs=nnx.Rngs(dropout=key))


def mc_predict(model, x, key, n_passes=6):
    keys = jax.random.split(key, n_passes)
    _, preds = lax.scan(partial(mc_pass, model, x), None, keys)
    return preds.mean(axis=0), preds.std(axis=0), preds


def main():
    model = MCRegressor(3, 32, rngs=nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (5, 3))
    mean, std, preds = mc_predict(model, x, jax.random.key(2))
    jax.block_until_ready((mean, std))
    return preds
