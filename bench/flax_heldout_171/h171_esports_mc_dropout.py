# label: same-values
# flax-error: none
# class: 5 a factory returns a step function closing over params and a dropout key fixed when the factory ran; the scan body calls it
"""Esports match predictor: Monte Carlo dropout estimate of a team's win probability for one fixture."""
import dataclasses
from typing import Callable

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class PredictorConfig:
    hidden: int = 16
    dropout: float = 0.3
    samples: int = 6


class RosterEncoder(nn.Module):
    config: PredictorConfig

    @nn.compact
    def __call__(self, roster, deterministic: bool):
        h = nn.relu(nn.Dense(self.config.hidden)(roster))
        h = nn.Dropout(self.config.dropout)(h, deterministic=deterministic)
        return jax.nn.sigmoid(nn.Dense(1)(h.mean(axis=0)))[0]


def make_sample_step(model: nn.Module, params, key) -> Callable:
    rngs = {"dropout": key}

    def step(carry, sample_index):
        prob = model.apply({"params": params}, carry, deterministic=False, rngs=rngs)
        return carry, prob

    return step


class FixtureForecaster:
    def __init__(self, config: PredictorConfig, step_factory: Callable):
        self.config = config
        self.step_factory = step_factory

    def win_probability_samples(self, model, params, roster, key):
        step = self.step_factory(model, params, key)
        _, samples = scan(step, roster, jnp.arange(self.config.samples))
        return samples


def main():
    config = PredictorConfig()
    model = RosterEncoder(config)
    roster = jax.random.normal(jax.random.key(3), (5, 12))  # five players, twelve stats each
    params = model.init(jax.random.key(0), roster, deterministic=True)["params"]
    forecaster = FixtureForecaster(config, make_sample_step)
    return forecaster.win_probability_samples(model, params, roster, jax.random.key(42))
