# label: ok
# flax-error: none
# class: 4 the Storage value is read through SeasonPlanner -> HydroPlant.reservoir before the fori_loop, carried through plant.release_for() and written back after it
"""Glacier-fed hydro planning (NNX): weekly releases from a reservoir fed by forecast meltwater."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class Storage(nnx.Variable):
    """Reservoir volume in hm^3; kept out of nnx.Param so optimizers skip it."""


@dataclass(frozen=True)
class PlantSpec:
    capacity: float = 120.0
    min_storage: float = 15.0
    weeks: int = 20


class HydroPlant(nnx.Module):
    def __init__(self, spec: PlantSpec, rngs: nnx.Rngs):
        self.spec = spec
        self.turbine = nnx.Linear(2, 1, rngs=rngs)
        self.reservoir = Storage(jnp.array(60.0))

    def release_for(self, volume, melt):
        release = nnx.relu(self.turbine(jnp.stack([volume, melt]))[0])
        release = jnp.minimum(release, volume - self.spec.min_storage)
        volume = jnp.clip(volume + melt - release, 0.0, self.spec.capacity)
        return volume, release

    def release(self, melt):
        volume, release = self.release_for(self.reservoir[...], melt)
        self.reservoir[...] = volume
        return release


class SeasonPlanner:
    def __init__(self, plant: HydroPlant, melt_forecast):
        self.plant = plant
        self.melt_forecast = melt_forecast

    def plan(self):
        def week(i, carry):
            volume, energy = carry
            volume, release = self.plant.release_for(volume, self.melt_forecast[i])
            return volume, energy + 0.8 * release

        volume, energy = lax.fori_loop(0, self.plant.spec.weeks, week, (self.plant.reservoir[...], jnp.array(0.0)))
        self.plant.reservoir[...] = volume
        return energy


def main():
    spec = PlantSpec()
    plant = HydroPlant(spec, nnx.Rngs(0))
    melt = 4.0 + 6.0 * jnp.sin(jnp.linspace(0.0, 3.14, spec.weeks)) ** 2
    energy = SeasonPlanner(plant, melt).plan()
    jax.block_until_ready(energy)
    return None
