# label: ok
# flax-error: none
# class: 5 random-feature ensemble: each step builds an nnx.Linear from a fresh nnx.Rngs(key) that stays in the body
import jax
import jax.numpy as jnp
from flax import nnx


def ensemble_features(x, key, members):
    def step(acc, k):
        proj = nnx.Linear(x.shape[-1], 8, rngs=nnx.Rngs(params=k))
        feats = jnp.cos(proj(x))
        return acc + feats, feats

    keys = jax.random.split(key, members)
    return jax.lax.scan(step, jnp.zeros((x.shape[0], 8)), keys)


def main():
    total, feats = ensemble_features(jnp.ones((3, 4)), jax.random.PRNGKey(0), 5)
    assert feats.shape == (5, 3, 8)
