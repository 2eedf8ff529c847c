# label: same-values
# flax-error: none
# class: 5 the fori_loop body gets its arrival stream from a make_rngs factory closure that builds an nnx.Rngs from the simulation's seed key
import dataclasses
from typing import Callable

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class YardSimulation:
    shifts: int = 5
    blocks: int = 4
    seed: int = 99


class ArrivalModel(nnx.Module):
    def __init__(self, blocks: int, rngs: nnx.Rngs):
        self.intensity = nnx.Linear(blocks, blocks, rngs=rngs)

    def sample(self, occupancy, rngs: nnx.Rngs):
        rate = jax.nn.softplus(self.intensity(occupancy)) + 0.1
        return jax.random.exponential(rngs.arrival(), occupancy.shape) / rate


def rng_factory(sim: YardSimulation) -> Callable[[], nnx.Rngs]:
    seed_key = jax.random.key(sim.seed)

    def make_rngs() -> nnx.Rngs:
        return nnx.Rngs(arrival=seed_key)

    return make_rngs


class TerminalSimulator:
    def __init__(self, sim: YardSimulation):
        self.sim = sim
        self.model = ArrivalModel(sim.blocks, nnx.Rngs(0))
        self.make_rngs = rng_factory(sim)

    def run(self, occupancy):
        buffer = jnp.zeros((self.sim.shifts, self.sim.blocks))

        def shift(i, buffer):
            gaps = self.model.sample(occupancy, self.make_rngs())
            return buffer.at[i].set(gaps)

        return jax.lax.fori_loop(0, self.sim.shifts, shift, buffer)


def main():
    simulator = TerminalSimulator(YardSimulation())
    return simulator.run(jnp.array([0.8, 0.4, 0.6, 0.1]))
