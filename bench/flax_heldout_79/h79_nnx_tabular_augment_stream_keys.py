# label: ok
# flax-error: none
# class: 3 the 'augment' stream of FeatureEngineer.noise is drawn once outside the scan, split into per-epoch keys and scanned as xs
"""Tabular feature engineering in NNX: a FeatureEngineer standardises numeric columns and adds
Gaussian augmentation noise drawn from its own nnx.Rngs 'augment' stream. Pre-training scans
over epochs; the noise added in each epoch is returned for auditing."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class FeatureNoise(nnx.Module):
    def __init__(self, n_features, scale, rngs: nnx.Rngs):
        self.scale = scale
        self.col_scale = nnx.Param(jnp.ones((n_features,)))
        self.rngs = rngs

    def __call__(self, x, key):
        return jax.random.normal(key, x.shape) * self.scale * self.col_scale[...]


class FeatureEngineer(nnx.Module):
    def __init__(self, means, stds, rngs: nnx.Rngs):
        self.means = nnx.Variable(means)
        self.stds = nnx.Variable(stds)
        self.noise = FeatureNoise(means.shape[0], 0.05, rngs)

    def standardize(self, table):
        return (table - self.means[...]) / self.stds[...]


def pretrain(engineer: FeatureEngineer, table, epochs=4):
    feats = engineer.standardize(table)

    keys = jax.random.split(engineer.noise.rngs.augment(), epochs)

    def epoch(carry, key):
        noise = engineer.noise(feats, key)
        carry = carry + jnp.mean((feats + noise) ** 2)
        return carry, noise

    _, noises = lax.scan(epoch, 0.0, keys)
    return noises


def main():
    table = jax.random.uniform(jax.random.key(0), (10, 5)) * 3
    engineer = FeatureEngineer(table.mean(0), table.std(0), nnx.Rngs(params=0, augment=1))
    return pretrain(engineer, table)
