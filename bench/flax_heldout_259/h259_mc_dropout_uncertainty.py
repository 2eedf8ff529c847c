# label: same-values
# flax-error: none
# class: 4 the variables and the dropout key reach the scan body through service.sampler.bundle and service.sampler.config
"""Monte-Carlo dropout uncertainty maps for the retinal-vessel segmenter."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan as lax_scan


class VesselNet(nn.Module):
    features: int = 6
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, *, deterministic: bool = True):
        x = nn.relu(nn.Conv(self.features, (3, 3), padding="SAME")(x))
        x = nn.Dropout(self.rate, broadcast_dims=(1, 2))(x, deterministic=deterministic)
        return nn.Conv(1, (1, 1))(x)[..., 0]


@dataclass(frozen=True)
class SamplerConfig:
    num_samples: int
    dropout_key: jax.Array


@dataclass
class ModelBundle:
    model: nn.Module
    variables: Any


class DropoutSampler:
    def __init__(self, bundle: ModelBundle, config: SamplerConfig):
        self.bundle = bundle
        self.config = config


class UncertaintyService:
    def __init__(self, sampler: DropoutSampler):
        self.sampler = sampler

    def sample_probabilities(self, image):
        def draw(_, __):
            logits = self.sampler.bundle.model.apply(
                self.sampler.bundle.variables,
                image,
                deterministic=False,
                rngs={"dropout": self.sampler.config.dropout_key},
            )
            return None, jax.nn.sigmoid(logits)

        _, probs = lax_scan(draw, None, None, length=self.sampler.config.num_samples)
        return probs

    def uncertainty(self, image):
        probs = self.sample_probabilities(image)
        return probs, probs.std(axis=0)


def main():
    k_img, k_init, k_drop = jax.random.split(jax.random.key(4), 3)
    image = jax.random.normal(k_img, (1, 8, 8, 1))
    model = VesselNet()
    variables = model.init(k_init, image)
    sampler = DropoutSampler(ModelBundle(model, variables), SamplerConfig(num_samples=4, dropout_key=k_drop))
    probs, _ = UncertaintyService(sampler).uncertainty(image)
    return probs
