# label: ok
# flax-error: none
# class: 2 the scan body merges the state carried in from the enclosing function and returns nnx.state of the merged model as the new carry, written back with nnx.update after the loop
"""Kelp farming: line-by-line biomass estimates through a growing season, checkpointing the latest state."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Biomass(nnx.Variable):
    """Running biomass estimate per longline (kg/m)."""


class KelpGrowthModel(nnx.Module):
    def __init__(self, lines: int, rngs: nnx.Rngs):
        self.growth = nnx.Linear(4, 1, rngs=rngs)
        self.biomass = Biomass(jnp.full((lines,), 0.5))

    def __call__(self, ocean):
        rate = nnx.softplus(self.growth(ocean)).squeeze(-1)
        self.biomass[...] = self.biomass[...] * (1.0 + 0.05 * rate)
        return self.biomass[...]


def run_season(model: KelpGrowthModel, ocean_weeks):
    graphdef, state = nnx.split(model)

    def week(state, ocean):
        kelp = nnx.merge(graphdef, state)
        biomass = kelp(ocean)
        return nnx.state(kelp), biomass

    latest, biomass = jax.lax.scan(week, state, ocean_weeks)
    nnx.update(model, latest)
    return biomass


def main():
    model = KelpGrowthModel(lines=4, rngs=nnx.Rngs(0))
    ocean_weeks = jax.random.normal(jax.random.key(9), (10, 4, 4))
    run_season(model, ocean_weeks)
    harvest = jnp.sum(model(ocean_weeks[-1]))
    jax.block_until_ready(harvest)
    return None
