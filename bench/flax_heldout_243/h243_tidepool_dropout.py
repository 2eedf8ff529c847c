# label: same-values
# flax-error: none
# class: 3 the scan body in SplashSurvival calls self.splash, a Dropout submodule set up as an attribute, on the same conditions every day
from __future__ import annotations

import weakref
from dataclasses import dataclass

import flax.linen as nn
import jax
import jax.numpy as jnp


@dataclass(frozen=True)
class PoolRecord:
    name: str
    exposure_h: float
    rock_cover: float


class SplashSurvival(nn.Module):
    species: int = 8
    splash_rate: float = 0.4

    def setup(self):
        self.habitat = nn.Dense(self.species)
        self.splash = nn.Dropout(self.splash_rate, deterministic=False)

    def baseline(self, conditions):
        return nn.sigmoid(self.habitat(conditions))

    def __call__(self, conditions, days: int):
        def one_day(carry, _):
            survivors = self.splash(nn.sigmoid(self.habitat(conditions)))
            return carry, survivors

        _, daily = jax.lax.scan(one_day, jnp.float32(0.0), None, length=days)
        return daily


class PoolHandle:
    def __init__(self, record: PoolRecord, model: SplashSurvival, variables):
        self.record = record
        self.model = model
        self.variables = variables

    def conditions(self):
        return jnp.array([self.record.exposure_h / 12.0, self.record.rock_cover, 0.5, 1.0], jnp.float32)


class SurveyRegistry:
    def __init__(self):
        self._pools = weakref.WeakValueDictionary()

    def add(self, handle: PoolHandle) -> None:
        self._pools[handle.record.name] = handle

    def __getitem__(self, name: str) -> PoolHandle:
        return self._pools[name]


def simulate_week(registry: SurveyRegistry, name: str, key, days: int = 5):
    handle = registry[name]
    return handle.model.apply(handle.variables, handle.conditions(), days, rngs={"dropout": key})


def main():
    model = SplashSurvival()
    record = PoolRecord("kelp-gully", exposure_h=5.5, rock_cover=0.7)
    variables = model.init(jax.random.key(0), jnp.ones((4,), jnp.float32), method=SplashSurvival.baseline)
    handle = PoolHandle(record, model, variables)
    registry = SurveyRegistry()
    registry.add(handle)
    return simulate_week(registry, "kelp-gully", jax.random.key(21))
