# label: ok
# flax-error: none
# class: 4 the World splits self.colonies before the fori_loop; the body merges the carried state, ticks every Colony (writing its Pheromone variable, an nnx.Variable subclass) and returns nnx.state in the carry
"""Tick loop of a foraging simulation: ant colonies lay pheromone trails over a ring of cells."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

CELLS = 12


class Pheromone(nnx.Variable):
    """Trail strength per cell; evaporates every tick."""


class Colony(nnx.Module):
    def __init__(self, nest: int, *, rngs: nnx.Rngs):
        self.nest = nest
        self.scouts = nnx.Linear(CELLS, CELLS, rngs=rngs)
        self.trail = Pheromone(jnp.zeros((CELLS,)).at[nest].set(1.0))

    def tick(self, food, evaporation):
        laid = nnx.sigmoid(self.scouts(food + self.trail[...]))
        self.trail[...] = (1.0 - evaporation) * self.trail[...] + 0.1 * laid
        return jnp.sum(laid * food)


@dataclasses.dataclass(frozen=True)
class WorldConfig:
    ticks: int = 10
    evaporation: float = 0.05


class World:
    def __init__(self, colonies, config: WorldConfig):
        self.colonies = colonies
        self.config = config

    def run(self, food):
        graphdef, state = nnx.split(self.colonies)

        def body(t, carry):
            state, harvested = carry
            colonies = nnx.merge(graphdef, state)
            harvested = harvested + jnp.stack([c.tick(food, self.config.evaporation) for c in colonies])
            return nnx.state(colonies), harvested

        state, harvested = lax.fori_loop(
            0, self.config.ticks, body, (state, jnp.zeros((len(self.colonies),)))
        )
        nnx.update(self.colonies, state)
        return harvested


def main():
    rngs = nnx.Rngs(0)
    colonies = [Colony(nest, rngs=rngs) for nest in (0, 6)]
    food = jnp.zeros((CELLS,)).at[3].set(1.0).at[9].set(0.5)
    harvested = World(colonies, WorldConfig()).run(food)
    harvested.block_until_ready()
    return None
