# label: ok
# flax-error: none
# class: 1 GlacierMelt.__call__ runs the scan and folds the day index into self.make_rng('weather') inside the body
"""Stochastic daily melt projection for a valley glacier's runoff forecast."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class MeltConfig:
    days: int = 10
    bands: int = 4  # elevation bands
    noise_scale: float = 0.3


class GlacierMelt(nn.Module):
    cfg: MeltConfig

    @nn.compact
    def __call__(self, temps):
        degree_day = nn.Dense(self.cfg.bands, name="degree_day")
        degree_day(temps[0])

        def day(snowpack, inputs):
            t, temp = inputs
            key = jax.random.fold_in(self.make_rng("weather"), t)
            weather = jax.random.normal(key, (self.cfg.bands,))
            melt = nn.relu(degree_day(temp) + self.cfg.noise_scale * weather)
            melt = jnp.minimum(melt, snowpack)
            return snowpack - melt, melt

        _, melt = jax.lax.scan(day, jnp.full((self.cfg.bands,), 5.0), (jnp.arange(temps.shape[0]), temps))
        return melt


class RunoffForecast:
    def __init__(self, cfg: MeltConfig, seed: int = 0):
        self.cfg = cfg
        self.model = GlacierMelt(cfg)
        self.seed = seed

    def run(self, temps):
        keys = jax.random.split(jax.random.key(self.seed), 3)
        variables = self.model.init({"params": keys[0], "weather": keys[1]}, temps)
        return self.model.apply(variables, temps, rngs={"weather": keys[2]})


def main():
    cfg = MeltConfig()
    temps = jnp.zeros((cfg.days, 3))  # flat-forecast scenario: anomalies around the seasonal mean
    melt = RunoffForecast(cfg).run(temps)
    return melt
