# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the power-curve model reached as self.registry.get(version).model (service -> registry -> entry) is passed to nnx.vmap inside the scan body
"""Wind-farm power forecasting: a forecast service looks up the deployed power-curve model in its
registry and, for every hour of the forecast, evaluates all turbines of the farm at once."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import nnx


class PowerCurve(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(3, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, conditions):  # wind speed, direction, air density
        return nnx.softplus(self.l2(nnx.relu(self.l1(conditions)))).squeeze(-1)


@dataclass
class RegistryEntry:
    model: PowerCurve
    rated_mw: float


@dataclass
class ModelRegistry:
    entries: dict = field(default_factory=dict)

    def put(self, version, entry):
        self.entries[version] = entry

    def get(self, version):
        return self.entries[version]


class FarmForecastService:
    def __init__(self, registry: ModelRegistry, version: str):
        self.registry = registry
        self.version = version

    def forecast(self, hourly_conditions):  # hours, turbines, 3
        def hour(total, turbines):
            entry = self.registry.get(self.version)
            per_turbine = nnx.vmap(lambda m, c: m(c), in_axes=(None, 0))(entry.model, turbines)
            power = jnp.minimum(per_turbine, entry.rated_mw).sum()
            return total + power, power

        return jax.lax.scan(hour, jnp.zeros(()), hourly_conditions)


def main():
    registry = ModelRegistry()
    registry.put("power-curve/3.1.0", RegistryEntry(PowerCurve(nnx.Rngs(0)), rated_mw=3.6))
    conditions = jax.random.uniform(jax.random.key(1), (6, 10, 3))
    energy, _ = FarmForecastService(registry, "power-curve/3.1.0").forecast(conditions)
    jax.block_until_ready(energy)
    return None
