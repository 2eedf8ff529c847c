# label: same-values
# flax-error: none
# class: 2 the model, params and dropout key are locals of estimate_uncertainty and the nested scan body uses them directly
from __future__ import annotations

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import jax.random as jr
import flax.linen as nn


@dataclass
class ReefSurvey:
    site: str
    quadrat_features: jnp.ndarray
    observers: tuple = field(default_factory=lambda: ("diver_a", "diver_b"))


class BleachingMC(nn.Module):
    hidden: int = 12
    rate: float = 0.25

    @nn.compact
    def __call__(self, feats, deterministic: bool = True):
        h = nn.Dense(self.hidden)(feats)
        h = nn.Dropout(rate=self.rate)(nn.elu(h), deterministic=deterministic)
        return nn.sigmoid(nn.Dense(1)(h)).squeeze(-1)


def estimate_uncertainty(model: BleachingMC, params, survey: ReefSurvey, n_samples: int, seed: int):
    key = jr.PRNGKey(seed)

    def draw(carry, _):
        prob = model.apply(
            {"params": params}, survey.quadrat_features, deterministic=False, rngs={"dropout": key}
        )
        return carry, prob

    _, samples = jax.lax.scan(draw, None, None, length=n_samples)
    return samples


def lizard_island_survey():
    feats = jnp.array(
        [[0.7, 0.1, 28.5], [0.4, 0.5, 29.8], [0.2, 0.8, 30.6], [0.6, 0.2, 28.9]], jnp.float32
    )
    feats = (feats - feats.mean(0)) / (feats.std(0) + 1e-6)
    return ReefSurvey("lizard_island_north", feats)


def main():
    survey = lizard_island_survey()
    model = BleachingMC()
    params = model.init(jr.PRNGKey(0), survey.quadrat_features)["params"]
    samples = estimate_uncertainty(model, params, survey, n_samples=6, seed=31)
    return samples
