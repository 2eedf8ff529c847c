# label: ok
# flax-error: none
# class: 1 KilnController.__call__ owns the "telemetry" ema variable; its fori_loop carries the ema and the variable is only read before the loop
"""Firing-curve controller for a ceramics kiln: smooths thermocouple readings, then predicts power."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


class KilnController(nn.Module):
    zones: int = 5
    decay: float = 0.8

    def setup(self):
        self.power_head = nn.Dense(self.zones)
        self.ema = self.variable("telemetry", "ema", jnp.zeros, (self.zones,))

    def smooth(self, readings):
        """Exponential smoothing of the readings, starting from the stored telemetry."""
        if self.is_initializing():
            return readings[-1]

        def body(i, ema):
            return self.decay * ema + (1.0 - self.decay) * readings[i]

        return fori_loop(0, readings.shape[0], body, self.ema.value)

    def __call__(self, readings):
        smoothed = self.smooth(readings)
        return nn.sigmoid(self.power_head(smoothed))


class FiringSchedule:
    def __init__(self, controller: KilnController, params):
        self.controller = controller
        self.params = params

    def next_power(self, readings, telemetry):
        return self.controller.apply({"params": self.params, "telemetry": telemetry}, readings)


def main():
    controller = KilnController()
    readings = 900.0 + 20.0 * jax.random.normal(jax.random.key(0), (16, controller.zones))
    variables = controller.init(jax.random.key(1), readings)
    schedule = FiringSchedule(controller, variables["params"])
    power = schedule.next_power(readings / 1000.0, variables["telemetry"])
    print("power", power)
    return None
