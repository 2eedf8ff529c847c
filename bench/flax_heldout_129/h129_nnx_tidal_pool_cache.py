# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 controller.pool.get('rotor_a') builds the turbine model lazily from a registered factory on first access, which happens inside the scan body
"""Yaw-angle sweeps for a tidal-stream turbine farm.

The farm keeps a pool of rotor models created on demand from registered factories; the
controller sweeps the rotor model over the tidal current profile of one cycle.
"""
from typing import Callable

import jax
import jax.numpy as jnp
from flax import nnx


class RotorPowerNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.blade = nnx.Linear(3, 12, rngs=rngs)
        self.power = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, current):
        return nnx.softplus(self.power(nnx.tanh(self.blade(current))))[..., 0]


class TurbinePool:
    def __init__(self, factories: dict[str, Callable[[], nnx.Module]]):
        self._factories = factories
        self._models: dict[str, nnx.Module] = {}

    def get(self, name: str) -> nnx.Module:
        if name not in self._models:
            self._models[name] = self._factories[name]()
        return self._models[name]


class FarmController:
    def __init__(self, pool: TurbinePool):
        self.pool = pool

    def yaw_sweep(self, currents):
        def body(energy, current):
            power = self.pool.get("rotor_a")(current)
            return energy + power.sum(), power

        return jax.lax.scan(body, jnp.zeros(()), currents)


def main():
    pool = TurbinePool({"rotor_a": lambda: RotorPowerNet(nnx.Rngs(7))})
    controller = FarmController(pool)
    currents = jax.random.normal(jax.random.key(0), (12, 4, 3))
    energy, _ = controller.yaw_sweep(currents)
    slack_tide = controller.pool.get("rotor_a")(jnp.zeros((4, 3)))
    assert slack_tide.shape == (4,)
    return None
