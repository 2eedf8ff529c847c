# label: same-values
# flax-error: none
# class: 4 SurveyEnsemble asks its KeySampler for one key from the sampler's nnx.Rngs 'mc' stream before the loop; the scan body calls self.model(features, key) with that key, so every dropout pass uses the same mask
"""Reef monitoring: Monte Carlo dropout bleaching probabilities for one survey transect."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class BleachingHead(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.drop = nnx.Dropout(0.25)
        self.lin = nnx.Linear(n_features, 3, rngs=rngs)  # healthy, pale, bleached

    def __call__(self, x, key):
        return nnx.softmax(self.lin(self.drop(x, rngs=key)))


class KeySampler:
    def __init__(self, rngs: nnx.Rngs):
        self.rngs = rngs

    def next_key(self):
        return self.rngs.mc()


class SurveyEnsemble:
    def __init__(self, model, sampler, n_passes=8):
        self.model = model
        self.sampler = sampler
        self.n_passes = n_passes

    def posterior(self, features):
        key = self.sampler.next_key()

        def body(carry, i):
            return carry, self.model(features, key)

        _, probs = lax.scan(body, None, jnp.arange(self.n_passes))
        return probs


def main():
    model = BleachingHead(6, nnx.Rngs(params=0))
    ensemble = SurveyEnsemble(model, KeySampler(nnx.Rngs(mc=3)))
    transect = jnp.array([0.42, 0.31, 0.77, 0.12, 0.55, 0.9])  # colour-card channel means
    return ensemble.posterior(transect)
