# label: ok
# flax-error: none
# class: 3 FrostEnsemble.sample runs model.apply in the fori_loop body with a dropout key taken from jax.random.split(self.key, samples) by the loop index
"""Vineyard frost alerts: Monte Carlo dropout samples of frost probability per vineyard block.

The ensemble's key is split once before the loop and each sample indexes its own key.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class FrostNet(nn.Module):
    hidden: int = 16
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.hidden)(x))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


class FrostEnsemble:
    def __init__(self, model, variables, key, samples=6):
        self.model = model
        self.variables = variables
        self.key = key
        self.samples = samples

    def sample(self, night_features):
        blocks = night_features.shape[0]
        keys = jax.random.split(self.key, self.samples)

        def draw(i, probs):
            p = self.model.apply(self.variables, night_features, deterministic=False, rngs={"dropout": keys[i]})
            return probs.at[i].set(p)

        return lax.fori_loop(0, self.samples, draw, jnp.zeros((self.samples, blocks)))


def main():
    features = jax.random.normal(jax.random.key(0), (5, 6))  # blocks, (dew point, wind, cloud, ...)
    model = FrostNet()
    variables = model.init(jax.random.key(1), features)
    ensemble = FrostEnsemble(model, variables, key=jax.random.key(7))
    return ensemble.sample(features)
