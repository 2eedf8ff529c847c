# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/season_norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the scan body applies runner.engine.model with runner.engine.variables, set up by a chained builder
"""Rail switch frost forecaster: predicts ice build-up on switch points over the coming hours."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import jax.lax as lax
from flax import linen as nn


class FrostForecaster(nn.Module):
    width: int = 6

    @nn.compact
    def __call__(self, weather, train: bool = False):
        h = nn.Dense(self.width, name="weather_proj")(weather)
        h = nn.BatchNorm(use_running_average=not train, name="season_norm")(h)
        return nn.Dense(1, name="ice_mm")(nn.swish(h)).squeeze(-1)


@dataclass(frozen=True)
class Engine:
    model: nn.Module
    variables: dict


@dataclass(frozen=True)
class RunnerSettings:
    horizon: int = 4
    training: bool = False
    seed: int = 0


class ForecastRunner:
    def __init__(self, engine: Engine, settings: RunnerSettings):
        self.engine = engine
        self.settings = settings

    @staticmethod
    def builder() -> "ForecastRunnerBuilder":
        return ForecastRunnerBuilder()

    def forecast(self, weather):
        def hour(ice, conditions):
            growth = self.engine.model.apply(
                self.engine.variables, conditions, train=self.settings.training
            )
            ice = jnp.maximum(ice + growth, 0.0)
            return ice, ice

        return lax.scan(hour, jnp.zeros(weather.shape[1]), weather)


class ForecastRunnerBuilder:
    def __init__(self):
        self._model = None
        self._settings = RunnerSettings()

    def with_model(self, model: nn.Module) -> "ForecastRunnerBuilder":
        self._model = model
        return self

    def with_training(self, training: bool) -> "ForecastRunnerBuilder":
        self._settings = dataclasses.replace(self._settings, training=training)
        return self

    def with_horizon(self, hours: int) -> "ForecastRunnerBuilder":
        self._settings = dataclasses.replace(self._settings, horizon=hours)
        return self

    def build(self, sample) -> ForecastRunner:
        variables = self._model.init(jax.random.key(self._settings.seed), sample)
        return ForecastRunner(Engine(self._model, variables), self._settings)


def station_weather(hours: int, switches: int = 3):
    base = jnp.array([-2.0, 0.85, 4.5, 0.1])
    return jnp.broadcast_to(base, (hours, switches, base.shape[0]))


def main():
    weather = station_weather(4)
    runner = (
        ForecastRunner.builder()
        .with_model(FrostForecaster())
        .with_training(True)
        .with_horizon(4)
        .build(weather[0])
    )
    final_ice, hourly_ice = runner.forecast(weather[: runner.settings.horizon])
    jax.block_until_ready((final_ice, hourly_ice))
    return None
