# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "readings" in "/" because collection "ema" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 IrrigationController.apply_fn and .variables (model with an 'ema' collection it updates), used in the while_loop body
"""Agritech irrigation controller: keep watering a field zone until soil moisture recovers.

The moisture model smooths sensor readings with an exponential moving average kept in an
'ema' collection; the controller simulates valve pulses with lax.while_loop.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MoistureModel(nn.Module):
    n_probes: int = 4

    @nn.compact
    def __call__(self, readings):
        smoothed = self.variable("ema", "readings", jnp.zeros, (self.n_probes,))
        smoothed.value = 0.7 * smoothed.value + 0.3 * readings
        return nn.sigmoid(nn.Dense(1)(smoothed.value))[0]


class IrrigationController:
    def __init__(self, model: MoistureModel, variables, target: float, pulse_mm: float):
        self.apply_fn = model.apply
        self.variables = variables
        self.target = target
        self.pulse_mm = pulse_mm

    def water_zone(self, readings, max_pulses: int = 30):
        def dry(state):
            pulses, moisture, _ = state
            return (moisture < self.target) & (pulses < max_pulses)

        def pulse(state):
            pulses, _, probes = state
            probes = probes + self.pulse_mm * 0.05
            moisture = self.apply_fn(self.variables, probes)
            return pulses + 1, moisture, probes

        start = (0, jnp.zeros(()), readings)
        pulses, moisture, _ = jax.lax.while_loop(dry, pulse, start)
        return pulses, moisture


def main():
    model = MoistureModel()
    readings = jax.random.uniform(jax.random.key(6), (4,)) * 0.2
    variables = model.init(jax.random.key(0), readings)
    controller = IrrigationController(model, variables, target=0.6, pulse_mm=2.0)
    pulses, moisture = controller.water_zone(readings)
    print("pulses", pulses, "moisture", moisture)
    return None
