# label: ok
# flax-error: none
# class: 4 controller -> profiler helper -> model and variables held by the helper; batch_stats threaded through the scan and fori_loop carries
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
    """Holds the encoder and its parameters; running statistics travel with the caller."""

    def __init__(self, model: nn.Module, variables):
        self.model = model
        self.params = variables["params"]

    def segment(self, setpoint, readings, batch_stats):
        def body(carry, sample):
            total, stats = carry
            feats, updates = self.model.apply(
                {"params": self.params, "batch_stats": stats}, sample, train=True, mutable=["batch_stats"]
            )
            return (total + jnp.mean(feats) * setpoint, updates["batch_stats"]), None

        (total, batch_stats), _ = jax.lax.scan(body, (jnp.zeros(()), batch_stats), readings)
        return total, batch_stats


class KilnController:
    def __init__(self, cfg: KilnConfig, profiler: RampProfiler):
        self.cfg = cfg
        self.profiler = profiler

    def fire_schedule(self, setpoints, readings, batch_stats):
        def ramp(i, carry):
            energy, stats = carry
            used, stats = self.profiler.segment(setpoints[i], readings[i], stats)
            return energy + used, stats

        return jax.lax.fori_loop(0, self.cfg.ramps, ramp, (jnp.zeros(()), batch_stats))


def main():
    cfg = KilnConfig()
    model = ThermalEncoder(cfg.hidden)
    k_init, k_data = jax.random.split(jax.random.key(7))
    readings = jax.random.normal(k_data, (cfg.ramps, cfg.samples_per_ramp, 5, cfg.sensors))
    variables = model.init(k_init, readings[0, 0], train=False)
    controller = KilnController(cfg, RampProfiler(model, variables))
    energy, stats = controller.fire_schedule(
        jnp.linspace(600.0, 1200.0, cfg.ramps), readings, variables["batch_stats"]
    )
    jax.block_until_ready((energy, stats))
    return None
