# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the fori_loop body builds an actuator model through pool.registry.build(...) and the registry keeps it for use after the loop
"""Actuator pool for lock gates: per-leaf hydraulic models are built while the commissioning loop runs."""
from dataclasses import dataclass
from typing import Dict

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class HydraulicLeaf(nnx.Module):
    def __init__(self, rams: int, *, rngs: nnx.Rngs):
        self.pressure = nnx.Linear(rams, rams, rngs=rngs)

    def __call__(self, stroke):
        return nnx.tanh(self.pressure(stroke))


class ActuatorRegistry:
    def __init__(self, rams: int):
        self.rams = rams
        self.models: Dict[str, HydraulicLeaf] = {}

    def build(self, leaf: str, key) -> HydraulicLeaf:
        model = HydraulicLeaf(self.rams, rngs=nnx.Rngs(params=key))
        self.models[leaf] = model
        return model


@dataclass
class ActuatorPool:
    site: str
    registry: ActuatorRegistry


class Commissioning:
    def __init__(self, pool: ActuatorPool, rounds: int = 3, seed: int = 0):
        self.pool = pool
        self.rounds = rounds
        self.seed = seed

    def run(self, stroke):
        base = jax.random.key(self.seed)

        def commission(i, force):
            leaf = self.pool.registry.build("mitre-left", jax.random.fold_in(base, i))
            return force + leaf(stroke).sum()

        return fori_loop(0, self.rounds, commission, jnp.zeros(()))


def main():
    pool = ActuatorPool("lock-12", ActuatorRegistry(rams=3))
    stroke = jnp.array([0.2, 0.5, 0.9])
    force = Commissioning(pool).run(stroke)
    check = pool.registry.models["mitre-left"](stroke)
    jax.block_until_ready((force, check))
    return None
