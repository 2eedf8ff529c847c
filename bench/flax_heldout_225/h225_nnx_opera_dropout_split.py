# label: ok
# flax-error: none
# class: 5 per-sample dropout keys reach the while_loop body through DemandSampler.predict (functools.partial(model) built by sampler_for()) and DemandSampler.keys
"""Opera ticketing (NNX): Monte Carlo dropout bands for seat-tier demand at the next premiere."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class PremiereDemand(nnx.Module):
    def __init__(self, features: int, tiers: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.25)
        self.tiers = nnx.Linear(32, tiers, rngs=rngs)

    def __call__(self, features, rngs=None):
        h = self.drop(nnx.relu(self.hidden(features)), rngs=rngs)
        return nnx.softplus(self.tiers(h)) * 100.0


class DemandSampler:
    def __init__(self, predict, keys, samples: int, tiers: int):
        self.predict = predict
        self.keys = keys
        self.samples = samples
        self.tiers = tiers

    def draw(self, features):
        def keep_going(carry):
            return carry[0] < self.samples

        def sample(carry):
            i, bank = carry
            return i + 1, bank.at[i].set(self.predict(features, rngs=self.keys[i]))

        _, bank = jax.lax.while_loop(keep_going, sample, (0, jnp.zeros((self.samples, self.tiers))))
        return bank


def sampler_for(model: PremiereDemand, key, samples=10, tiers=5):
    model.train()
    return DemandSampler(functools.partial(model), jax.random.split(key, samples), samples, tiers)


def main():
    model = PremiereDemand(features=6, tiers=5, rngs=nnx.Rngs(0))
    sampler = sampler_for(model, jax.random.key(1887))
    features = jnp.array([0.9, 0.2, 0.5, 1.0, 0.0, 0.3])
    return sampler.draw(features)
