# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the chamber module's own __call__ runs the scan and its valve Dense is first called inside the body during init
"""Fill-curve model for a lock chamber: per-interval inflow readings drive the water level."""
from dataclasses import dataclass, field
from typing import Sequence

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclass
class ChamberConfig:
    sluices: int = 3
    valve_width: int = 4
    lift_m: float = 6.5


class LockChamber(nn.Module):
    config: ChamberConfig

    @nn.compact
    def __call__(self, inflow):
        valve = nn.Dense(self.config.valve_width, name="valve")
        level0 = jnp.zeros((self.config.valve_width,))

        def fill(level, reading):
            level = jnp.tanh(valve(reading) + level)
            return level, level.sum() * self.config.lift_m

        _, heights = lax.scan(fill, level0, inflow)
        return heights


@dataclass
class LockOperation:
    name: str
    config: ChamberConfig = field(default_factory=ChamberConfig)

    def readings(self, intervals: int) -> jnp.ndarray:
        return jnp.linspace(0.1, 0.9, intervals * self.config.sluices).reshape(intervals, self.config.sluices)


class LockService:
    def __init__(self, operations: Sequence[LockOperation], seed: int = 3):
        self.operations = {op.name: op for op in operations}
        self.seed = seed
        self._variables = {}

    def commission(self, name: str):
        op = self.operations[name]
        chamber = LockChamber(op.config)
        self._variables[name] = chamber.init(jax.random.key(self.seed), op.readings(4))
        return chamber

    def cycle(self, name: str, chamber: LockChamber):
        op = self.operations[name]
        return chamber.apply(self._variables[name], op.readings(4))


def main():
    service = LockService([LockOperation("upper"), LockOperation("lower")])
    chamber = service.commission("upper")
    heights = service.cycle("upper", chamber)
    jax.block_until_ready(heights)
    return None
