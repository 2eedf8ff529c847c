# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 controller -> profiler helper -> model.bind(variables) held by the helper, called in train mode inside a scan nested in a fori_loop
"""Ceramic kiln firing controller: a thermal profiler normalises thermocouple readings per ramp."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class KilnConfig:
    sensors: int = 6
    hidden: int = 8
    ramps: int = 3
    samples_per_ramp: int = 4


class ThermalEncoder(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, readings, train: bool):
        h = nn.Dense(self.hidden)(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return jnp.tanh(h)


class RampProfiler:
    """Holds a bound encoder so callers can run it without threading variables around."""

    def __init__(self, model: nn.Module, variables):
        self.bound = model.bind(variables)

    def segment(self, setpoint, readings):
        def body(carry, sample):
            feats = self.bound(sample, train=True)
            return carry + jnp.mean(feats) * setpoint, None

        total, _ = jax.lax.scan(body, jnp.zeros(()), readings)
        return total


class KilnController:
    def __init__(self, cfg: KilnConfig, profiler: RampProfiler):
        self.cfg = cfg
        self.profiler = profiler

    def fire_schedule(self, setpoints, readings):
        def ramp(i, energy):
            return energy + self.profiler.segment(setpoints[i], readings[i])

        return jax.lax.fori_loop(0, self.cfg.ramps, ramp, jnp.zeros(()))


def main():
    cfg = KilnConfig()
    model = ThermalEncoder(cfg.hidden)
    k_init, k_data = jax.random.split(jax.random.key(7))
    readings = jax.random.normal(k_data, (cfg.ramps, cfg.samples_per_ramp, 5, cfg.sensors))
    variables = model.init(k_init, readings[0, 0], train=False)
    controller = KilnController(cfg, RampProfiler(model, variables))
    energy = controller.fire_schedule(jnp.linspace(600.0, 1200.0, cfg.ramps), readings)
    energy.block_until_ready()
    return None
