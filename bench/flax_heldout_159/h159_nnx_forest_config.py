# label: trace-context
# flax-error: TraceContextError: Cannot mutate SeasonCounter from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the simulation runtime reaches the growth model through its component registry built from a nested config tree, and the while_loop body calls it, bumping a Variable-subclass counter
"""Forest carbon sequestration: seasonal growth of stand biomass driven by a configured growth model."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import nnx

while_loop = jax.lax.while_loop


class SeasonCounter(nnx.Variable):
    pass


class GrowthModel(nnx.Module):
    def __init__(self, species, rngs: nnx.Rngs):
        self.uptake = nnx.Linear(species, species, rngs=rngs)
        self.seasons = SeasonCounter(jnp.zeros((), jnp.int32))

    def __call__(self, biomass):
        self.seasons[...] += 1
        return biomass + 0.05 * nnx.sigmoid(self.uptake(biomass))


@dataclass(frozen=True)
class GrowthConfig:
    species: int = 4
    seed: int = 0


@dataclass(frozen=True)
class SimulationConfig:
    seasons: int = 8
    growth: GrowthConfig = field(default_factory=GrowthConfig)


class ComponentRegistry:
    def __init__(self, config: SimulationConfig):
        g = config.growth
        self.growth_model = GrowthModel(g.species, rngs=nnx.Rngs(g.seed))


class Runtime:
    def __init__(self, config):
        self.config = config
        self.components = ComponentRegistry(config)

    def simulate(self, biomass):
        limit = self.config.seasons

        def cond(carry):
            return carry[0] < limit

        def body(carry):
            season, b = carry
            return season + 1, self.components.growth_model(b)

        _, biomass = while_loop(cond, body, (0, biomass))
        return biomass


def main():
    runtime = Runtime(SimulationConfig())
    biomass = jnp.full((3, 4), 0.5)
    jax.block_until_ready(runtime.simulate(biomass))
    return None
