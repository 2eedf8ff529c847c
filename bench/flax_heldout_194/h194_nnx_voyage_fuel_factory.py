# label: same-values
# flax-error: none
# class: 5 make_scenario_step (a factory over a frozen config) returns a step function that builds nnx.Rngs(weather=cfg.seed) afresh at every scan step
"""Bulk-carrier voyage planning: fuel-burn scenarios for one route leg.

The planner samples weather perturbations of the leg's conditions and pushes
each through the fuel model; the per-scenario burns feed the bunkering decision.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax import lax
import flax.nnx as nnx


@dataclass(frozen=True)
class ScenarioConfig:
    seed: int = 101
    wind_sigma: float = 0.4
    n_scenarios: int = 6


class FuelModel(nnx.Module):
    def __init__(self, n_conditions: int, rngs: nnx.Rngs):
        self.hull = nnx.Linear(n_conditions, 16, rngs=rngs)
        self.burn = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, conditions):
        return nnx.softplus(self.burn(nnx.gelu(self.hull(conditions))))[..., 0]


def make_scenario_step(model: FuelModel, cfg: ScenarioConfig):
    def step(carry, leg_conditions):
        rngs = nnx.Rngs(weather=cfg.seed)
        wind = cfg.wind_sigma * jax.random.normal(rngs.weather(), leg_conditions.shape)
        return carry, model(leg_conditions + wind)

    return step


class VoyagePlanner:
    def __init__(self, model: FuelModel, cfg: ScenarioConfig):
        self.cfg = cfg
        self.step = make_scenario_step(model, cfg)

    def scenarios(self, leg_conditions):
        repeated = jnp.broadcast_to(leg_conditions, (self.cfg.n_scenarios, *leg_conditions.shape))
        _, burns = lax.scan(self.step, None, repeated)
        return burns


def main():
    cfg = ScenarioConfig()
    leg = jax.random.normal(jax.random.key(3), (5,))
    planner = VoyagePlanner(FuelModel(5, nnx.Rngs(0)), cfg)
    burns = planner.scenarios(leg)
    print("p90 burn", jnp.quantile(burns, 0.9))
    return burns
