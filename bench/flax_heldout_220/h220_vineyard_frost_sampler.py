# label: same-values
# flax-error: none
# class: 5 FrostSampler.predict is functools.partial(model.apply, variables, rngs={'dropout': key}) called in the scan body
"""Vineyard frost alarm: Monte-Carlo dropout samples of tonight's minimum canopy temperature."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class AlarmConfig:
    samples: int = 8
    dropout: float = 0.3
    seed: int = 5


class CanopyTemp(nn.Module):
    rate: float

    @nn.compact
    def __call__(self, station, deterministic: bool):
        h = nn.relu(nn.Dense(32)(station))
        h = nn.Dropout(self.rate, deterministic=deterministic)(h)
        return nn.Dense(1)(h)[..., 0]


class FrostSampler:
    def __init__(self, model, variables, cfg: AlarmConfig):
        key = jax.random.key(cfg.seed)
        self.cfg = cfg
        self.predict = functools.partial(model.apply, variables, deterministic=False,
                                         rngs={"dropout": key})

    def draw(self, station):
        def sample(_, i):
            return None, self.predict(station)

        _, temps = scan(sample, None, jnp.arange(self.cfg.samples))
        return temps


def main():
    cfg = AlarmConfig()
    station = jnp.array([[1.5, 0.2, 0.8, -0.4, 0.9]])
    model = CanopyTemp(cfg.dropout)
    variables = model.init(jax.random.key(0), station, deterministic=True)
    temps = FrostSampler(model, variables, cfg).draw(station)
    return temps
