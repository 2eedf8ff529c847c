# label: same-values
# flax-error: none
# class: 2 sample_surge keeps a local key; the fori_loop body splits it each sample but never carries the new key, so every sample gets the same subkey
"""Tide gauge network: MC-dropout storm-surge samples per gauge."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class SurgeNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.lin1 = nnx.Linear(4, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.lin2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x, *, rngs):
        return self.lin2(self.drop(nnx.relu(self.lin1(x)), rngs=rngs))[..., 0]


def sample_surge(model, gauge_features, seed: int, n_samples: int):
    key = jax.random.key(seed)
    out = jnp.zeros((n_samples, gauge_features.shape[0]))

    def body(i, out):
        _, sub = jax.random.split(key)
        return out.at[i].set(model(gauge_features, rngs=sub))

    return lax.fori_loop(0, n_samples, body, out)


def main():
    gauge_features = jax.random.normal(jax.random.key(0), (7, 4))
    model = SurgeNet(nnx.Rngs(0))
    return sample_surge(model, gauge_features, seed=11, n_samples=6)
