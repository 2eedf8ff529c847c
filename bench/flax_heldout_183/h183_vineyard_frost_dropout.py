# label: same-values
# flax-error: none
# class: 3 forecaster.variables and forecaster.dropout_key (attributes of one object) used by apply inside the scan body
"""Vineyard frost alert: Monte Carlo dropout over night-time temperature forecasts."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class FrostConfig:
    hours: int = 12
    hidden: int = 24
    dropout: float = 0.3
    mc_samples: int = 5


class NightTempModel(nn.Module):
    cfg: FrostConfig

    @nn.compact
    def __call__(self, feats, deterministic: bool):
        h = nn.relu(nn.Dense(self.cfg.hidden)(feats))
        h = nn.Dropout(self.cfg.dropout)(h, deterministic=deterministic)
        return nn.Dense(self.cfg.hours)(h)


class FrostForecaster:
    def __init__(self, cfg: FrostConfig, seed: int, example):
        self.cfg = cfg
        self.model = NightTempModel(cfg)
        init_key, self.dropout_key = jax.random.split(jax.random.key(seed))
        self.variables = self.model.init(init_key, example, deterministic=True)

    def sample_minimums(self, feats):
        def draw(carry, _):
            temps = self.model.apply(
                self.variables, feats, deterministic=False, rngs={"dropout": self.dropout_key}
            )
            return carry, jnp.min(temps, axis=-1)

        _, minimums = lax.scan(draw, None, None, length=self.cfg.mc_samples)
        return minimums


def main():
    cfg = FrostConfig()
    feats = jax.random.normal(jax.random.key(11), (3, 7))
    forecaster = FrostForecaster(cfg, seed=5, example=feats)
    minimums = forecaster.sample_minimums(feats)
    return minimums
