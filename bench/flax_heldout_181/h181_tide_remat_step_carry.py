# label: ok
# flax-error: none
# class: 5 make_forecast_step, a factory, returns a step closing over model and params; the nn.remat-wrapped cell's 'cache' phase is the scan carry, applied with mutable=['cache']
"""Harmonic tide forecaster for a harbour gauge.

Each constituent keeps an accumulated phase in the 'cache' collection; the cell is
rematerialised because production forecasts run over long horizons.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class TideConfig:
    n_constituents: int = 4
    dt_hours: float = 0.5
    horizon: int = 48


class HarmonicCell(nn.Module):
    n_constituents: int
    dt: float

    @nn.compact
    def __call__(self, t):
        amplitude = self.param("amplitude", nn.initializers.ones, (self.n_constituents,))
        speed = self.param("speed", lambda k, s: jnp.linspace(0.08, 0.52, s[0]), (self.n_constituents,))
        phase = self.variable("cache", "phase", jnp.zeros, (self.n_constituents,))
        phase.value = phase.value + speed * self.dt
        return jnp.sum(amplitude * jnp.cos(speed * t + phase.value))


class TideForecaster(nn.Module):
    cfg: TideConfig

    @nn.compact
    def __call__(self, t):
        cell = nn.remat(HarmonicCell)(self.cfg.n_constituents, self.cfg.dt_hours, name="cell")
        return cell(t)


def make_forecast_step(model: TideForecaster, variables):
    params = {"params": variables["params"]}

    def step(carry, t):
        cache, level_sum = carry
        level, updates = model.apply({**params, "cache": cache}, t, mutable=["cache"])
        return (updates["cache"], level_sum + level), level

    return step


def forecast(cfg: TideConfig, seed: int = 0):
    model = TideForecaster(cfg)
    variables = model.init(jax.random.key(seed), jnp.zeros(()))
    hours = jnp.arange(cfg.horizon, dtype=jnp.float32) * cfg.dt_hours
    step = make_forecast_step(model, variables)
    (_, total), levels = jax.lax.scan(step, (variables["cache"], jnp.zeros(())), hours)
    return total / cfg.horizon, levels


def main():
    mean_level, levels = forecast(TideConfig())
    print("mean level", float(mean_level), "high water", float(levels.max()))
    return None
