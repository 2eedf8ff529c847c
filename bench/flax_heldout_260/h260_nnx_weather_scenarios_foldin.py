# label: ok
# flax-error: none
# class: 5 fori_loop runs a step built by make_scenario_step(), a factory given the engine's load model and a weather key through functools.partial; the scenario index is folded into the key
"""Grid planning: load scenarios under perturbed weather for the winter adequacy study."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ZoneLoadModel(nnx.Module):
    def __init__(self, n_weather: int, n_zones: int, rngs: nnx.Rngs):
        self.w1 = nnx.Linear(n_weather, 24, rngs=rngs)
        self.w2 = nnx.Linear(24, n_zones, rngs=rngs)

    def __call__(self, weather):
        return 500.0 + 50.0 * self.w2(nnx.relu(self.w1(weather)))


@dataclass
class PerturbationSpec:
    temp_sigma_c: float = 2.5
    wind_sigma_ms: float = 1.5


class ScenarioEngine:
    def __init__(self, model: ZoneLoadModel, spec: PerturbationSpec, seed: int):
        self.model = model
        self.spec = spec
        self.rngs = nnx.Rngs(weather=seed)


def make_scenario_step(model, spec, base_weather, key):
    scale = jnp.array([spec.temp_sigma_c, spec.wind_sigma_ms])

    def step(i, loads):
        scenario_key = jax.random.fold_in(key, i)
        perturbed = base_weather + scale * jax.random.normal(scenario_key, base_weather.shape)
        return loads.at[i].set(model(perturbed / 10.0))

    return step


class AdequacyStudy:
    def __init__(self, engine: ScenarioEngine):
        self.engine = engine

    def scenarios(self, base_weather, n_scenarios):
        build = functools.partial(make_scenario_step, self.engine.model, self.engine.spec)
        step = build(base_weather, self.engine.rngs.weather())
        n_zones = self.engine.model.w2.out_features
        loads = jnp.zeros((n_scenarios, base_weather.shape[0], n_zones))
        return jax.lax.fori_loop(0, n_scenarios, step, loads)


def main():
    base_weather = jnp.array([[-3.0, 6.0], [-1.0, 9.0], [2.0, 4.0]])  # temp C, wind m/s per day
    engine = ScenarioEngine(ZoneLoadModel(2, 4, nnx.Rngs(0)), PerturbationSpec(), seed=2024)
    return AdequacyStudy(engine).scenarios(base_weather, n_scenarios=6)
