# label: ok
# flax-error: none
# class: 3 a ReefForecaster keeps the model and an nnx.Rngs stream as attributes; a key drawn from self.rngs is split before the scan and the body passes its slice to self.model as rngs
"""Coral reef bleaching: a reef-watch forecaster draws Monte-Carlo dropout samples of the
bleaching probability for each monitored site before a heat-stress alert is issued."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class BleachingNet(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.dense = nnx.Linear(features, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.4)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, sst, *, rngs=None):
        h = self.drop(nnx.relu(self.dense(sst)), rngs=rngs)
        return nnx.sigmoid(self.head(h))[..., 0]


class ReefForecaster:
    def __init__(self, model: BleachingNet, seed: int):
        self.model = model
        self.rngs = nnx.Rngs(dropout=seed)

    def bleaching_samples(self, sst, num_samples: int):
        keys = jax.random.split(self.rngs.dropout(), num_samples)

        def draw(carry, key):
            return carry, self.model(sst, rngs=key)

        _, samples = jax.lax.scan(draw, None, keys)
        return samples


def main():
    sst = 28.5 + jax.random.normal(jax.random.key(0), (4, 6))
    forecaster = ReefForecaster(BleachingNet(6, nnx.Rngs(params=1)), seed=5)
    samples = forecaster.bleaching_samples(sst, num_samples=6)
    jnp.quantile(samples, 0.9, axis=0)
    return samples
