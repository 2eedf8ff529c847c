# label: ok
# flax-error: none
# class: 4 farm.context.climate.noise_key (a property chain) is split outside the loop and the per-day keys are scanned as xs
"""Spore-germination simulator for a mushroom farm: stochastic colonisation of one tray per day."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax as jlax


class Germination(nn.Module):
    cells: int = 4

    @nn.compact
    def __call__(self, tray):
        base = nn.Dense(self.cells, name="substrate")(tray)
        spores = jax.random.bernoulli(self.make_rng("spores"), 0.5, base.shape)
        return jnp.where(spores, nn.sigmoid(base), 0.0)


@dataclass(frozen=True)
class Climate:
    seed: int
    humidity: float = 0.9

    @property
    def noise_key(self):
        return jax.random.key(self.seed)


class FarmContext:
    def __init__(self, climate: Climate):
        self._climate = climate

    @property
    def climate(self) -> Climate:
        return self._climate


class MushroomFarm:
    def __init__(self, name: str, context: FarmContext):
        self.name = name
        self._context = context

    @property
    def context(self) -> FarmContext:
        return self._context


class GrowthSimulator:
    def __init__(self, farm: MushroomFarm, model: Germination, params):
        self.farm = farm
        self.model = model
        self.params = params

    def run(self, tray, days: int):
        day_keys = jax.random.split(self.farm.context.climate.noise_key, days)

        def day(_, key):
            return None, self.model.apply({"params": self.params}, tray, rngs={"spores": key})

        _, colonised = jlax.scan(day, None, day_keys)
        return colonised


def main():
    farm = MushroomFarm("cellar-b", FarmContext(Climate(seed=8)))
    model = Germination()
    tray = jnp.array([0.3, 0.8, 0.5])
    params = model.init({"params": jax.random.key(1), "spores": jax.random.key(2)}, tray)["params"]
    return GrowthSimulator(farm, model, params).run(tray, days=5)
