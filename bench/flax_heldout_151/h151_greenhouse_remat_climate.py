# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(block)/stats" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the while_loop body calls a climate block wrapped with nn.remat whose BatchNorm updates batch_stats
"""Greenhouse climate settling simulator.

The simulator advances the greenhouse climate hour by hour until every zone
is within tolerance or the horizon runs out. The climate block is wrapped in
nn.remat to keep memory flat on long horizons; its BatchNorm keeps batch
statistics of the zone readings.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class ClimateConfig:
    zones: int = 6
    max_hours: int = 8
    tolerance: float = 0.05


class ClimateBlock(nn.Module):
    zones: int

    @nn.compact
    def __call__(self, readings):
        h = nn.Dense(self.zones, name="mix")(readings)
        h = nn.BatchNorm(use_running_average=False, momentum=0.95, name="stats")(h)
        return 0.5 * readings + 0.5 * jnp.tanh(h)


CheckpointedBlock = nn.remat(ClimateBlock)


class GreenhouseSim(nn.Module):
    config: ClimateConfig

    def setup(self):
        self.block = CheckpointedBlock(self.config.zones)

    def warm(self, readings):
        return self.block(readings)

    def __call__(self, readings):
        cfg = self.config

        def unsettled(carry):
            hour, r = carry
            return (hour < cfg.max_hours) & (jnp.max(jnp.abs(r)) > cfg.tolerance)

        def advance(carry):
            hour, r = carry
            return hour + 1, self.block(r)

        return jax.lax.while_loop(unsettled, advance, (0, readings))


class ClimateController:
    def __init__(self, config: ClimateConfig):
        self.sim = GreenhouseSim(config)
        sample = jnp.ones((2, config.zones))
        self.variables = self.sim.init(jax.random.key(6), sample, method=GreenhouseSim.warm)

    def hours_to_settle(self, readings):
        hours, _ = self.sim.apply(self.variables, readings)
        return int(hours)


def main():
    controller = ClimateController(ClimateConfig())
    controller.hours_to_settle(jax.random.normal(jax.random.key(8), (2, 6)))
    return None
