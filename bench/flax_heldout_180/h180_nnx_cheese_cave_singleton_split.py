# label: ok
# flax-error: none
# class: 3 the module-level CAVE sampler, configured at import, holds the perturbation model and humidity keys split from one key of its nnx.Rngs; the fori_loop body indexes them through CAVE.draw
"""Cheese-ageing caves: humidity perturbation scenarios for a rack of wheels.

One sampler per process, configured when the module is imported; the affinage planner asks
it for one scenario per fori_loop step.
"""
import jax
import jax.numpy as jnp
from jax.lax import fori_loop
from flax import nnx


class HumidityPerturber(nnx.Module):
    def __init__(self, racks: int, rngs: nnx.Rngs):
        self.scale = nnx.Linear(racks, racks, rngs=rngs)

    def __call__(self, humidity, key):
        spread = nnx.softplus(self.scale(humidity))
        return spread * jax.random.normal(key, humidity.shape)


class CaveSampler:
    def __init__(self):
        self.model = None

    def configure(self, racks: int, seed: int, max_scenarios: int = 64):
        self.rngs = nnx.Rngs(params=seed, humidity=seed + 1)
        self.model = HumidityPerturber(racks, rngs=self.rngs)
        self.keys = jax.random.split(self.rngs.humidity(), max_scenarios)
        return self

    def draw(self, humidity, index):
        return self.model(humidity, self.keys[index])


CAVE = CaveSampler().configure(racks=8, seed=21)


def scenarios(humidity, count: int):
    def one(i, out):
        return out.at[i].set(CAVE.draw(humidity, i))

    return fori_loop(0, count, one, jnp.zeros((count,) + humidity.shape))


def main():
    humidity = jnp.linspace(0.88, 0.95, 8)
    return scenarios(humidity, count=12)
