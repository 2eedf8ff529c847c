# label: ok
# flax-error: none
# class: 5 PollenForecaster keeps functools.partial(model.apply, variables) built by from_config plus a base key; the scan body folds the pass index into that key and passes it to the partial as the dropout rng
"""Monte-Carlo dropout pollen-count forecasts for allergy alerts."""
from __future__ import annotations

import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class ForecastConfig:
    species: int = 4
    features: int = 6
    hidden: int = 16
    dropout: float = 0.3
    passes: int = 8
    seed: int = 11


class PollenNet(nn.Module):
    config: ForecastConfig

    @nn.compact
    def __call__(self, obs, train: bool = False):
        h = nn.relu(nn.Dense(self.config.hidden)(obs))
        h = nn.Dropout(self.config.dropout, deterministic=not train)(h)
        return nn.softplus(nn.Dense(self.config.species)(h))


class PollenForecaster:
    def __init__(self, forward, key, passes: int):
        self._forward = forward
        self._key = key
        self.passes = passes

    @classmethod
    def from_config(cls, config: ForecastConfig, sample_obs):
        model = PollenNet(config)
        variables = model.init(jax.random.key(0), sample_obs)
        forward = functools.partial(model.apply, variables, train=True)
        return cls(forward, jax.random.key(config.seed), config.passes)

    def ensemble(self, obs):
        def mc_pass(carry, index):
            key = jax.random.fold_in(self._key, index)
            counts = self._forward(obs, rngs={"dropout": key})
            return carry + counts.sum(), counts

        _, samples = scan(mc_pass, jnp.zeros(()), jnp.arange(self.passes))
        return samples


def main():
    config = ForecastConfig()
    obs = jax.random.uniform(jax.random.key(2), (3, config.features))  # three stations
    forecaster = PollenForecaster.from_config(config, obs)
    samples = forecaster.ensemble(obs)
    return samples
