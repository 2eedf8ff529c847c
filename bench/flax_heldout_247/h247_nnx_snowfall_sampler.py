# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 SnowfallForecaster.scenarios runs jl.fori_loop; the body calls self.sampler.draw, which pulls a key from the sampler's nnx.Rngs 'snow' stream
"""Stochastic snowfall scenarios for the avalanche forecast desk."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx
import jax.lax as jl


@dataclass(frozen=True)
class ScenarioConfig:
    regions: int = 3
    predictors: int = 4  # pressure gradient, dew point, upslope wind, freezing level
    scenarios: int = 5
    spread: float = 0.3


class ScenarioSampler(nnx.Module):
    def __init__(self, cfg: ScenarioConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.project = nnx.Linear(cfg.predictors, 1, rngs=rngs)
        self.rngs = rngs

    def expected(self, predictors):
        return nnx.softplus(self.project(predictors))[..., 0]

    def draw(self, predictors):
        noise = jax.random.normal(self.rngs.snow(), (predictors.shape[0],))
        return self.expected(predictors) * jnp.exp(self.cfg.spread * noise)


class SnowfallForecaster:
    def __init__(self, cfg: ScenarioConfig, seed: int = 0):
        self.cfg = cfg
        self.sampler = ScenarioSampler(cfg, nnx.Rngs(params=seed, snow=seed + 100))

    def scenarios(self, predictors):
        n = self.cfg.scenarios

        def scenario(i, table):
            return table.at[i].set(self.sampler.draw(predictors))

        return jl.fori_loop(0, n, scenario, jnp.zeros((n, predictors.shape[0])))


class ForecastDesk:
    def __init__(self, forecaster: SnowfallForecaster):
        self.forecaster = forecaster

    def morning_run(self):
        predictors = jnp.tile(jnp.array([[0.8, -0.2, 0.5, 0.1]]), (self.forecaster.cfg.regions, 1))
        return self.forecaster.scenarios(predictors)


def main():
    desk = ForecastDesk(SnowfallForecaster(ScenarioConfig()))
    return desk.morning_run()
