# label: same-values
# flax-error: none
# class: 3 ForagerReturnNet.mc_samples runs lax.scan; the body calls the setup attribute self.dropout, which draws its mask from the 'dropout' stream
"""Monte-Carlo estimates of forager return rates for the beekeeping co-op dashboard."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as fnn
from jax import lax


@dataclass(frozen=True)
class ForagingDay:
    hives: int = 3
    weather: tuple = (0.7, 0.2, 0.5, 0.9)  # sun, wind, bloom, temperature (scaled)


@dataclass(frozen=True)
class UncertaintySettings:
    samples: int = 5
    drop_rate: float = 0.3
    seed: int = 21


class ForagerReturnNet(fnn.Module):
    hidden: int = 8
    drop_rate: float = 0.3

    def setup(self):
        self.encoder = fnn.Dense(self.hidden)
        self.dropout = fnn.Dropout(self.drop_rate)
        self.head = fnn.Dense(1)

    def __call__(self, weather, train: bool = False):
        h = fnn.relu(self.encoder(weather))
        return self.head(self.dropout(h, deterministic=not train))[..., 0]

    def mc_samples(self, weather, n: int):
        h = fnn.relu(self.encoder(weather))

        def draw(_, __):
            return None, fnn.sigmoid(self.head(self.dropout(h, deterministic=False)))[..., 0]

        _, rates = lax.scan(draw, None, None, length=n)
        return rates


class ReturnRateEstimator:
    def __init__(self, settings: UncertaintySettings):
        self.settings = settings
        self.net = ForagerReturnNet(drop_rate=settings.drop_rate)
        self.params = None

    def fit_placeholder(self, weather):
        self.params = self.net.init(jax.random.key(0), weather)["params"]

    def sample(self, weather):
        return self.net.apply(
            {"params": self.params},
            weather,
            self.settings.samples,
            method=ForagerReturnNet.mc_samples,
            rngs={"dropout": jax.random.key(self.settings.seed)},
        )


def main():
    day = ForagingDay()
    weather = jnp.tile(jnp.asarray(day.weather), (day.hives, 1))
    estimator = ReturnRateEstimator(UncertaintySettings())
    estimator.fit_placeholder(weather)
    return estimator.sample(weather)
