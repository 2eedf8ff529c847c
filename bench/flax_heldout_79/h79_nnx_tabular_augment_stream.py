# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the nnx.Rngs 'augment' stream reaches the scan body through FeatureEngineer.noise (a FeatureNoise module holding rngs)
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

    def __call__(self, x):
        return jax.random.normal(self.rngs.augment(), x.shape) * self.scale * self.col_scale[...]


class FeatureEngineer(nnx.Module):
    def __init__(self, means, stds, rngs: nnx.Rngs):
        self.means = nnx.Variable(means)
        self.stds = nnx.Variable(stds)
        self.noise = FeatureNoise(means.shape[0], 0.05, rngs)

    def standardize(self, table):
        return (table - self.means[...]) / self.stds[...]


def pretrain(engineer: FeatureEngineer, table, epochs=4):
    feats = engineer.standardize(table)

    def epoch(carry, _):
        noise = engineer.noise(feats)
        carry = carry + jnp.mean((feats + noise) ** 2)
        return carry, noise

    _, noises = lax.scan(epoch, 0.0, None, length=epochs)
    return noises


def main():
    table = jax.random.uniform(jax.random.key(0), (10, 5)) * 3
    engineer = FeatureEngineer(table.mean(0), table.std(0), nnx.Rngs(params=0, augment=1))
    return pretrain(engineer, table)
