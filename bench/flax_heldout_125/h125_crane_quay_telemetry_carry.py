# label: ok
# flax-error: none
# class: 4 the telemetry collection of the CraneScorer submodule, reached through QuayService -> ShiftPlanner -> model.apply, travels in the scan carry and leaves through it
"""Seaport crane allocation: a quay service splits crane capacity over arriving vessels.

The planner carries the model variables through the scan and calls model.apply with the
telemetry collection mutable, so crane usage telemetry accumulates while a shift is planned.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class CraneScorer(nn.Module):
    n_cranes: int

    @nn.compact
    def __call__(self, features):
        busy = self.variable("telemetry", "busy_total", jnp.zeros, (self.n_cranes,))
        share = nn.softmax(nn.Dense(self.n_cranes, name="assign")(features))
        busy.value = busy.value + share
        return share


class BerthModel(nn.Module):
    n_cranes: int = 4

    def setup(self):
        self.embed = nn.Dense(8)
        self.scorer = CraneScorer(self.n_cranes)

    def __call__(self, vessel):
        return self.scorer(nn.relu(self.embed(vessel)))


@dataclass(frozen=True)
class QuayConfig:
    n_cranes: int = 4
    n_vessels: int = 6
    feature_dim: int = 5


class ShiftPlanner:
    """Assigns cranes vessel by vessel; the load vector and the variables are the scan carry."""

    def __init__(self, model, variables, n_cranes):
        self.model = model
        self.variables = variables
        self.n_cranes = n_cranes

    def plan(self, arrivals):
        def assign_vessel(carry, vessel):
            load, variables = carry
            share, updates = self.model.apply(variables, vessel, mutable=["telemetry"])
            return (load + share, {**variables, **updates}), share

        (load, self.variables), shares = lax.scan(
            assign_vessel, (jnp.zeros(self.n_cranes), self.variables), arrivals)
        return load, shares


class QuayService:
    def __init__(self, config, model, variables):
        self.config = config
        self.planner = ShiftPlanner(model, variables, config.n_cranes)

    def run_shift(self, arrivals):
        load, shares = self.planner.plan(arrivals)
        busy = self.planner.variables["telemetry"]["scorer"]["busy_total"]
        return load, busy / jnp.maximum(busy.sum(), 1e-6)


def main():
    config = QuayConfig()
    arrivals = jax.random.normal(jax.random.key(0), (config.n_vessels, config.feature_dim))
    model = BerthModel(config.n_cranes)
    variables = model.init(jax.random.key(1), arrivals[0])
    service = QuayService(config, model, variables)
    load, utilisation = service.run_shift(arrivals)
    jnp.round(utilisation, 3).block_until_ready()
    return None
