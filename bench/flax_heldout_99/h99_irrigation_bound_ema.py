# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "moisture_ema" in "/" because collection "sensor_state" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 schedule_irrigation binds the controller to its variables in a local; the fori_loop body calls bound.smooth, which put_variable's the soil-moisture EMA
"""Greenhouse irrigation: smooth noisy soil-moisture probes, then plan valve openings per zone."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class IrrigationController(nn.Module):
    zones: int = 5
    alpha: float = 0.3

    def setup(self):
        self.valve = nn.Dense(self.zones, name="valve")

    def smooth(self, reading):
        ema = self.get_variable("sensor_state", "moisture_ema")
        if ema is None:
            ema = reading
        ema = (1.0 - self.alpha) * ema + self.alpha * reading
        self.put_variable("sensor_state", "moisture_ema", ema)
        return ema

    def __call__(self, moisture):
        return nn.sigmoid(self.valve(1.0 - moisture))


def init_controller(zones, key):
    model = IrrigationController(zones=zones)
    probe = jnp.full((zones,), 0.5)

    def warmup(module, reading):
        return module(module.smooth(reading))

    return model, model.init(key, probe, method=warmup)


def schedule_irrigation(model, variables, readings):
    bound = model.bind(variables)
    hours = readings.shape[0]

    def body(hour, plan):
        moisture = bound.smooth(readings[hour])
        return plan.at[hour].set(bound(moisture))

    return lax.fori_loop(0, hours, body, jnp.zeros_like(readings))


def main():
    model, variables = init_controller(5, jax.random.key(0))
    readings = jax.random.uniform(jax.random.key(1), (8, 5))
    schedule_irrigation(model, variables, readings).block_until_ready()
    return None
