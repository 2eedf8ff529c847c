# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "phase" in "/remat(cell)" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_forecast_step, a factory, returns a step closing over model and variables; the model wraps its harmonic cell in nn.remat and the cell advances its 'cache' phase
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
    def step(level_sum, t):
        level = model.apply(variables, t)
        return level_sum + level, level

    return step


def forecast(cfg: TideConfig, seed: int = 0):
    model = TideForecaster(cfg)
    variables = model.init(jax.random.key(seed), jnp.zeros(()))
    hours = jnp.arange(cfg.horizon, dtype=jnp.float32) * cfg.dt_hours
    step = make_forecast_step(model, variables)
    total, levels = jax.lax.scan(step, jnp.zeros(()), hours)
    return total / cfg.horizon, levels


def main():
    mean_level, levels = forecast(TideConfig())
    print("mean level", float(mean_level), "high water", float(levels.max()))
    return None
