# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 the scan body stores nnx.state of the merged model into a local dict of the enclosing function, which nnx.update writes back into the model after the loop
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
    checkpoint = {}

    def week(state, ocean):
        kelp = nnx.merge(graphdef, state)
        biomass = kelp(ocean)
        checkpoint["latest"] = nnx.state(kelp)
        return state, biomass

    _, biomass = jax.lax.scan(week, state, ocean_weeks)
    nnx.update(model, checkpoint["latest"])
    return biomass


def main():
    model = KelpGrowthModel(lines=4, rngs=nnx.Rngs(0))
    ocean_weeks = jax.random.normal(jax.random.key(9), (10, 4, 4))
    run_season(model, ocean_weeks)
    harvest = jnp.sum(model(ocean_weeks[-1]))
    jax.block_until_ready(harvest)
    return None
