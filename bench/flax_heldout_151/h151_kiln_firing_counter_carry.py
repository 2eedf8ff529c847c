# label: ok
# flax-error: none
# class: 1 the controller's own __call__ runs fori_loop; the telemetry values travel in the loop carry and are written after it
"""Ceramic kiln firing controller.

The zone controller ramps every kiln zone towards its setpoint and keeps
telemetry (how many ramp ticks ran, the peak temperature per zone) in a
mutable 'telemetry' collection that the plant service reads after each firing.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class KilnConfig:
    zones: int = 4
    ramp_ticks: int = 6
    setpoint: float = 1.0
    ramp_rate: float = 0.1


class ZoneController(nn.Module):
    config: KilnConfig

    @nn.compact
    def __call__(self, temps):
        cfg = self.config
        gain = nn.Dense(cfg.zones, name="gain")
        gain(temps)  # create the parameters before the ramp loop
        ticks = self.variable("telemetry", "ticks", lambda: jnp.zeros((), jnp.int32))
        peak = self.variable("telemetry", "peak", lambda: jnp.zeros((cfg.zones,)))
        if self.is_initializing():
            return temps

        def ramp(i, carry):
            t, n, hottest = carry
            t = t + cfg.ramp_rate * jnp.tanh(gain(cfg.setpoint - t))
            return t, n + 1, jnp.maximum(hottest, t)

        final, n, hottest = lax.fori_loop(0, cfg.ramp_ticks, ramp, (temps, ticks.value, peak.value))
        ticks.value = n
        peak.value = hottest
        return final


class FiringService:
    def __init__(self, config: KilnConfig):
        self.config = config
        self.controller = ZoneController(config)
        self.variables = self.controller.init(jax.random.key(0), jnp.zeros((config.zones,)))

    def fire(self, temps):
        final, updates = self.controller.apply(self.variables, temps, mutable=["telemetry"])
        self.variables = {**self.variables, **updates}
        return final

    def report(self):
        telemetry = self.variables["telemetry"]
        hottest = jnp.max(telemetry["peak"])
        return {"hottest": float(hottest), "ticks": int(telemetry["ticks"])}


def main():
    service = FiringService(KilnConfig())
    service.fire(jnp.linspace(0.2, 0.5, 4))
    service.report()
    return None
