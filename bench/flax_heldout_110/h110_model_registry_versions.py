# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "history" in "/decoder" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a RegisteredModel (module + variables) looked up in a ModelRegistry by version string; the scan body calls registry.resolve(version).step, which applies with decode=True but no mutable cache
"""Hospital pharmacy: autoregressive dispensing-demand decoder served from a model registry.

Several decoder versions are registered under semantic version strings; the replenishment
job resolves the pinned version and decodes daily demand one day at a time.
"""
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class DemandDecoder(nn.Module):
    window: int = 7
    drugs: int = 5

    @nn.compact
    def __call__(self, today, decode: bool = False):
        history = self.variable("cache", "history", jnp.zeros, (self.window, self.drugs))
        if decode:
            history.value = jnp.roll(history.value, -1, axis=0).at[-1].set(today)
        ctx = history.value.reshape(-1)
        return nn.softplus(nn.Dense(self.drugs, name="next_day")(ctx))


class Forecaster(nn.Module):
    @nn.compact
    def __call__(self, today, decode: bool = False):
        return DemandDecoder(name="decoder")(today, decode=decode)


@dataclasses.dataclass(frozen=True)
class RegisteredModel:
    module: nn.Module
    variables: Any

    def step(self, today):
        return self.module.apply(self.variables, today, decode=True)


class ModelRegistry:
    def __init__(self):
        self._models: dict[str, RegisteredModel] = {}

    def register(self, version: str, entry: RegisteredModel):
        self._models[version] = entry

    def resolve(self, version: str) -> RegisteredModel:
        return self._models[version]


class ReplenishmentJob:
    def __init__(self, registry: ModelRegistry, version: str, days: int = 5):
        self.registry, self.version, self.days = registry, version, days

    def run(self, last_observed):
        def day(today, _):
            tomorrow = self.registry.resolve(self.version).step(today)
            return tomorrow, tomorrow

        _, plan = scan(day, last_observed, None, length=self.days)
        return plan


def main():
    registry = ModelRegistry()
    seed_day = jnp.ones(5)
    for i, version in enumerate(["1.4.0", "2.0.0-rc2"]):
        module = Forecaster()
        registry.register(version, RegisteredModel(module, module.init(jax.random.key(i), seed_day)))
    plan = ReplenishmentJob(registry, "2.0.0-rc2").run(seed_day)
    jax.block_until_ready(plan)
    return None
