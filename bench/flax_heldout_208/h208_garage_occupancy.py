# label: same-values
# flax-error: none
# class: 4 functools.partial(model.apply) and a PRNG key kept on an OccupancyForecaster, reached through GarageService.simulator.forecaster
"""Parking-garage occupancy service: Monte Carlo dropout samples of next-hour occupancy per level."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclass(frozen=True)
class ForecastConfig:
    levels: int = 6
    hidden: int = 32
    dropout: float = 0.3
    mc_samples: int = 8
    seed: int = 11


class OccupancyNet(nn.Module):
    cfg: ForecastConfig

    @nn.compact
    def __call__(self, feats, deterministic: bool = True):
        h = nn.relu(nn.Dense(self.cfg.hidden, name="encoder")(feats))
        h = nn.Dropout(self.cfg.dropout)(h, deterministic=deterministic)
        return nn.sigmoid(nn.Dense(self.cfg.levels, name="head")(h))


class OccupancyForecaster:
    """Wraps a trained network for stochastic (MC dropout) inference."""

    def __init__(self, model, variables, cfg: ForecastConfig):
        self.predict = functools.partial(model.apply, variables, deterministic=False)
        self.key = jax.random.key(cfg.seed)

    def sample(self, feats):
        return self.predict(feats, rngs={"dropout": self.key})


class Simulator:
    def __init__(self, forecaster: OccupancyForecaster, cfg: ForecastConfig):
        self.forecaster = forecaster
        self.cfg = cfg

    def mc_samples(self, feats):
        def draw(carry, _):
            occupancy = self.forecaster.sample(feats)
            return carry, occupancy

        _, samples = lax.scan(draw, None, None, length=self.cfg.mc_samples)
        return samples


class GarageService:
    def __init__(self, model, variables, cfg: ForecastConfig):
        self.simulator = Simulator(OccupancyForecaster(model, variables, cfg), cfg)

    def occupancy_band(self, feats):
        samples = self.simulator.mc_samples(feats)
        return samples


def main():
    cfg = ForecastConfig()
    model = OccupancyNet(cfg)
    feats = jnp.linspace(0.0, 1.0, 10)  # hour of day, weekday, events, weather ...
    variables = model.init(jax.random.key(0), feats)
    service = GarageService(model, variables, cfg)
    return service.occupancy_band(feats)
