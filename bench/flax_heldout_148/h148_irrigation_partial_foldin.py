# label: ok
# flax-error: none
# class: 5 IrrigationScheduler keeps functools.partial(model.apply, method=sample_rain) and calls it inside the while_loop body with rngs folded in from the day counter; the scheduler is a module-level singleton set by init_app()
"""Crop irrigation planning: sample daily rainfall scenarios per field and schedule watering."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class FarmConfig:
    fields: int = 4
    days: int = 7
    seed: int = 21


class RainfallModel(nn.Module):
    fields: int

    @nn.compact
    def __call__(self, climate):
        return nn.softplus(nn.Dense(self.fields, name="climate")(climate))

    def sample_rain(self, climate):
        intensity = self(climate)
        return jax.random.gamma(self.make_rng("weather"), 2.0, (self.fields,)) * intensity


class IrrigationScheduler:
    def __init__(self, cfg: FarmConfig):
        self.cfg = cfg
        self.model = RainfallModel(cfg.fields)
        self.climate = jnp.linspace(-1.0, 1.0, cfg.fields)
        self.variables = self.model.init(jax.random.key(cfg.seed), self.climate)
        self.weather_key = jax.random.key(cfg.seed + 1)
        self.rain_fn = functools.partial(self.model.apply, method=RainfallModel.sample_rain)

    def plan(self, moisture):
        rain_log = jnp.zeros((self.cfg.days, self.cfg.fields))

        def more_days(state):
            day, _, _ = state
            return day < self.cfg.days

        def one_day(state):
            day, moisture, log = state
            rain = self.rain_fn(self.variables, self.climate,
                                rngs={"weather": jax.random.fold_in(self.weather_key, day)})
            moisture = jnp.clip(0.9 * moisture + rain, 0.0, 1.0)
            return day + 1, moisture, log.at[day].set(rain)

        _, _, rain_log = lax.while_loop(more_days, one_day, (0, moisture, rain_log))
        return rain_log


_SCHEDULER: IrrigationScheduler | None = None


def init_app(cfg: FarmConfig) -> None:
    global _SCHEDULER
    _SCHEDULER = IrrigationScheduler(cfg)


def rain_scenario(moisture):
    return _SCHEDULER.plan(moisture)


def main():
    init_app(FarmConfig())
    return rain_scenario(jnp.full((4,), 0.3))
