# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body asks the ProbePool factory for a probe head; on first use the pool builds it inside the body from the scanned key and caches it for later runs
"""Per-probe calibration heads for the wind-tunnel lab, built on demand by a pool."""

from __future__ import annotations

from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ProbeHead(nnx.Module):
    def __init__(self, ports: int, rngs: nnx.Rngs):
        self.fit = nnx.Linear(ports, 1, rngs=rngs)

    def __call__(self, pressures):
        return self.fit(pressures).squeeze(-1)


class ProbePool:
    def __init__(self, factory: Callable[[jax.Array], nnx.Module]):
        self._factory = factory
        self._heads: Dict[str, nnx.Module] = {}

    def get(self, name: str, key=None) -> nnx.Module:
        if name not in self._heads:
            self._heads[name] = self._factory(key)
        return self._heads[name]


def head_factory(ports: int) -> Callable[[jax.Array], ProbeHead]:
    return lambda key: ProbeHead(ports, nnx.Rngs(params=key))


def calibrate_rake(pool: ProbePool, name: str, readings, key):
    keys = jax.random.split(key, readings.shape[0])

    def reading_step(total, inputs):
        pressures, k = inputs
        head = pool.get(name, k)
        return total + head(pressures), None

    total, _ = lax.scan(reading_step, jnp.float32(0.0), (readings, keys))
    return total


def main():
    pool = ProbePool(head_factory(ports=5))
    readings = jnp.linspace(0.9, 1.1, 20).reshape(4, 5)
    total = calibrate_rake(pool, "pitot-7", readings, jax.random.key(4))
    follow_up = pool.get("pitot-7")(readings[0])
    jax.block_until_ready((total, follow_up))
    return None
