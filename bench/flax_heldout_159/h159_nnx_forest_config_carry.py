# label: ok
# flax-error: none
# class: 4 the simulation runtime reaches the growth model through its component registry built from a nested config tree; its split state rides in the while_loop carry
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
        graphdef, state = nnx.split(self.components.growth_model)

        def cond(carry):
            return carry[0] < limit

        def body(carry):
            season, b, state = carry
            model = nnx.merge(graphdef, state)
            b = model(b)
            return season + 1, b, nnx.state(model)

        _, biomass, state = while_loop(cond, body, (0, biomass, state))
        nnx.update(self.components.growth_model, state)
        return biomass


def main():
    runtime = Runtime(SimulationConfig())
    biomass = jnp.full((3, 4), 0.5)
    jax.block_until_ready(runtime.simulate(biomass))
    return None
