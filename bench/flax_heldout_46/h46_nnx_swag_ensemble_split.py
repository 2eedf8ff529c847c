# label: ok
# flax-error: none
# class: 3 a helper builds one NNX member per key inside the lax.scan body and returns nnx.split state as ys; merged under jax.vmap
"""Deep ensemble of NNX regressors initialised from independent seeds (baseline for SWAG comparisons)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Regressor(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(1, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))


def make_member(key):
    return Regressor(rngs=nnx.Rngs(params=key))


def build_ensemble(key, size):
    def body(carry, k):
        _, state = nnx.split(make_member(k))
        return carry, state

    graphdef, _ = nnx.split(nnx.eval_shape(lambda: make_member(jax.random.key(0))))
    _, states = lax.scan(body, None, jax.random.split(key, size))
    return graphdef, states


def main():
    graphdef, states = build_ensemble(jax.random.key(0), 4)
    x = jnp.linspace(-2, 2, 8)[:, None]
    preds = jax.vmap(lambda s: nnx.merge(graphdef, s)(x))(states)
    preds.mean(0)
    return None
