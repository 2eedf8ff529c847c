# label: same-values
# flax-error: none
# class: 5 a scenario-step factory closes over the surge model and a seed, building the Rngs it passes to the model inside the scan body
"""Storm-surge scenarios for a tidal power station's turbine scheduling, sampled with MC dropout."""
from __future__ import annotations

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


class SurgeModel(nnx.Module):
    def __init__(self, drivers: int, horizon: int, *, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(drivers, 24, rngs=rngs)
        self.dropout = nnx.Dropout(0.3)
        self.decoder = nnx.Linear(24, horizon, rngs=rngs)

    def __call__(self, drivers, *, rngs: nnx.Rngs):
        return self.decoder(self.dropout(nnx.tanh(self.encoder(drivers)), rngs=rngs))


@dataclass(frozen=True)
class ScenarioPlan:
    scenarios: int = 5
    seed: int = 9


def make_scenario_step(model: SurgeModel, plan: ScenarioPlan, drivers):
    def step(carry, _):
        surge = model(drivers, rngs=nnx.Rngs(dropout=plan.seed))
        return carry, surge

    return step


def sample_scenarios(model: SurgeModel, plan: ScenarioPlan, drivers):
    step = make_scenario_step(model, plan, drivers)
    run = functools.partial(jax.lax.scan, step, None, None, length=plan.scenarios)
    _, surges = run()
    return surges


def main():
    model = SurgeModel(drivers=4, horizon=6, rngs=nnx.Rngs(0))
    drivers = jnp.array([0.9, -0.3, 1.4, 0.2])
    return sample_scenarios(model, ScenarioPlan(), drivers)
