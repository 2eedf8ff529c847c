# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 SimulationEngine.run scans and calls self.integrator.step, which calls its DynamicsAdapter, which applies the melt model with train=True but without mutable batch_stats
"""Glacier mass-balance simulation with pluggable time integrators and a learned melt term."""
from __future__ import annotations

import dataclasses
from typing import Callable

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class MeltRateNet(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, features, train: bool = False):
        h = nn.Dense(self.hidden)(features)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return -nn.softplus(nn.Dense(1)(nn.gelu(h)))[..., 0]


class DynamicsAdapter:
    """Presents the learned melt model as d(thickness)/dt for the integrators."""

    def __init__(self, model: nn.Module, variables, *, train: bool = True):
        self.model = model
        self.variables = variables
        self.train = train

    def __call__(self, thickness, forcing):
        features = jnp.stack([thickness, forcing], axis=-1)
        return self.model.apply(self.variables, features, train=self.train)


@dataclasses.dataclass
class EulerIntegrator:
    dynamics: Callable
    dt: float = 0.1

    def step(self, thickness, forcing):
        return thickness + self.dt * self.dynamics(thickness, forcing)


@dataclasses.dataclass
class HeunIntegrator:
    dynamics: Callable
    dt: float = 0.1

    def step(self, thickness, forcing):
        k1 = self.dynamics(thickness, forcing)
        k2 = self.dynamics(thickness + self.dt * k1, forcing)
        return thickness + 0.5 * self.dt * (k1 + k2)


INTEGRATORS = {"euler": EulerIntegrator, "heun": HeunIntegrator}


class SimulationEngine:
    def __init__(self, integrator):
        self.integrator = integrator

    def run(self, thickness0, forcings):
        def tick(thickness, forcing):
            thickness = jnp.maximum(self.integrator.step(thickness, forcing), 0.0)
            return thickness, thickness.mean()

        return lax.scan(tick, thickness0, forcings)


def main():
    cells, years = 16, 8
    thickness0 = jnp.linspace(50.0, 120.0, cells)
    forcings = jax.random.normal(jax.random.key(2), (years, cells))
    model = MeltRateNet()
    variables = model.init(jax.random.key(0), jnp.stack([thickness0, forcings[0]], -1))
    adapter = DynamicsAdapter(model, variables, train=True)
    engine = SimulationEngine(INTEGRATORS["heun"](adapter, dt=0.5))
    final, mean_thickness = engine.run(thickness0, forcings)
    print("mean thickness", float(mean_thickness[-1]))
    return None
