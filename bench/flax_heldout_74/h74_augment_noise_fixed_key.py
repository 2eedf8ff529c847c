# label: same-values
# flax-error: none
# class: 2 augmentation pipeline object stores one PRNG key; the scan body applies the noise module with rngs={"augment": self.key} every step
"""Data augmentation pipeline built from a config dict: Gaussian feature noise per step."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


class GaussianFeatureNoise(nn.Module):
    sigma: float = 0.1

    @nn.compact
    def __call__(self, x):
        noise = self.sigma * jax.random.normal(self.make_rng("augment"), x.shape)
        return x + noise, noise


@dataclasses.dataclass
class AugmentConfig:
    sigma: float = 0.1
    seed: int = 0
    steps: int = 5

    @classmethod
    def from_dict(cls, d):
        return cls(**{k: v for k, v in d.items() if k in {f.name for f in dataclasses.fields(cls)}})


class AugmentPipeline:
    def __init__(self, config: AugmentConfig):
        self.config = config
        self.module = GaussianFeatureNoise(config.sigma)
        self.key = jax.random.PRNGKey(config.seed)

    def __call__(self, x):
        return self.module.apply({}, x, rngs={"augment": self.key})

    def run(self, x):
        def body(x, _):
            _, noise = self(x)
            return x, noise

        _, noises = jax.lax.scan(body, x, None, length=self.config.steps)
        return noises


def main():
    config = AugmentConfig.from_dict({"sigma": 0.2, "seed": 3, "steps": 5, "unused": True})
    return AugmentPipeline(config).run(jnp.ones((2, 4)))
