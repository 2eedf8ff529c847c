# label: ok
# flax-error: none
# class: 4 the registry stores a functools.partial of model.apply on each candidate; the scan runs over split dropout keys and passes each key to the stored predict
"""Model registry: shadow-evaluate a candidate with MC-dropout before promoting it to production."""
import functools
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn


class RiskModel(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(0.2, deterministic=deterministic)(x)
        return nn.Dense(1)(x)[..., 0]


@dataclass
class Candidate:
    name: str
    predict: callable
    rng: jax.Array


@dataclass
class ModelRegistry:
    seed: int = 0
    candidates: dict = field(default_factory=dict)
    production: str | None = None

    def register(self, name, model, variables):
        rng = jax.random.key(self.seed)
        predict = functools.partial(model.apply, variables, deterministic=False)
        self.candidates[name] = Candidate(name, predict, rng)

    def promote(self, name):
        self.production = name


def shadow_samples(candidate: Candidate, traffic, n_passes):
    keys = jax.random.split(candidate.rng, n_passes)

    def body(carry, key):
        return carry, candidate.predict(traffic, rngs={"dropout": key})

    _, samples = jax.lax.scan(body, 0, keys)
    return samples


def main():
    model = RiskModel()
    traffic = jax.random.normal(jax.random.key(1), (16, 8))
    registry = ModelRegistry()
    registry.register("risk-v7", model, model.init(jax.random.key(2), traffic))
    samples = shadow_samples(registry.candidates["risk-v7"], traffic, n_passes=6)
    if float(jnp.std(samples, axis=0).mean()) < 0.5:
        registry.promote("risk-v7")
    return samples
