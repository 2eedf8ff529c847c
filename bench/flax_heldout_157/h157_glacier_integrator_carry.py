# label: ok
# flax-error: none
# class: 4 SimulationEngine.run scans and calls self.integrator.step, which calls its DynamicsAdapter; the adapter applies the melt model with mutable batch_stats and the statistics travel in the scan carry
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
    """Presents the learned melt model as d(thickness)/dt; returns the new statistics too."""

    def __init__(self, model: nn.Module, variables, *, train: bool = True):
        self.model = model
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.train = train

    def __call__(self, thickness, forcing, batch_stats):
        features = jnp.stack([thickness, forcing], axis=-1)
        rate, updates = self.model.apply(
            {"params": self.params, "batch_stats": batch_stats}, features, train=self.train,
            mutable=["batch_stats"])
        return rate, updates["batch_stats"]


@dataclasses.dataclass
class EulerIntegrator:
    dynamics: Callable
    dt: float = 0.1

    def step(self, thickness, forcing, batch_stats):
        rate, batch_stats = self.dynamics(thickness, forcing, batch_stats)
        return thickness + self.dt * rate, batch_stats


@dataclasses.dataclass
class HeunIntegrator:
    dynamics: Callable
    dt: float = 0.1

    def step(self, thickness, forcing, batch_stats):
        k1, batch_stats = self.dynamics(thickness, forcing, batch_stats)
        k2, batch_stats = self.dynamics(thickness + self.dt * k1, forcing, batch_stats)
        return thickness + 0.5 * self.dt * (k1 + k2), batch_stats


INTEGRATORS = {"euler": EulerIntegrator, "heun": HeunIntegrator}


class SimulationEngine:
    def __init__(self, integrator):
        self.integrator = integrator

    def run(self, thickness0, forcings):
        def tick(carry, forcing):
            thickness, batch_stats = carry
            thickness, batch_stats = self.integrator.step(thickness, forcing, batch_stats)
            thickness = jnp.maximum(thickness, 0.0)
            return (thickness, batch_stats), thickness.mean()

        carry0 = (thickness0, self.integrator.dynamics.batch_stats)
        (final, batch_stats), mean_thickness = lax.scan(tick, carry0, forcings)
        self.integrator.dynamics.batch_stats = batch_stats
        return final, mean_thickness


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
