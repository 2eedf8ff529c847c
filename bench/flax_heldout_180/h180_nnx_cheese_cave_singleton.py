# label: same-values
# flax-error: none
# class: 3 the module-level CAVE sampler, configured at import, holds the perturbation model and the humidity key drawn once from its nnx.Rngs; the fori_loop body uses them through CAVE.draw
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

    def configure(self, racks: int, seed: int):
        self.rngs = nnx.Rngs(params=seed, humidity=seed + 1)
        self.model = HumidityPerturber(racks, rngs=self.rngs)
        self.key = self.rngs.humidity()
        return self

    def draw(self, humidity, index):
        return self.model(humidity, self.key)


CAVE = CaveSampler().configure(racks=8, seed=21)


def scenarios(humidity, count: int):
    def one(i, out):
        return out.at[i].set(CAVE.draw(humidity, i))

    return fori_loop(0, count, one, jnp.zeros((count,) + humidity.shape))


def main():
    humidity = jnp.linspace(0.88, 0.95, 8)
    return scenarios(humidity, count=12)
