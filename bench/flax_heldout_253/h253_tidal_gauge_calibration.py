# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "offset" in "/" because collection "calibration" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a registry-decorated step factory closes over the calibrator and applies its offset-updating method in the scan body
"""Tide-gauge drift correction at the sluice gates of a tidal power station."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as fnn
from jax import lax

CALIBRATION_STEPS = {}


def calibration_step(name):
    def register(factory):
        CALIBRATION_STEPS[name] = factory
        return factory
    return register


class GaugeCalibrator(fnn.Module):
    gauges: int = 4
    decay: float = 0.9

    def setup(self):
        self.scale = self.param("scale", fnn.initializers.ones, (self.gauges,))
        self.offset = self.variable("calibration", "offset", jnp.zeros, (self.gauges,))

    def __call__(self, reading):
        return self.scale * (reading - self.offset.value)

    def correct(self, reading):
        drift = reading - jnp.median(reading)
        self.offset.value = self.decay * self.offset.value + (1.0 - self.decay) * drift
        return self(reading)


@calibration_step("ema")
def ema_drift_step(calibrator, variables):
    correct = functools.partial(calibrator.apply, variables, method=GaugeCalibrator.correct)

    def step(level_sum, reading):
        corrected = correct(reading)
        return level_sum + corrected.mean(), corrected

    return step


class SluiceMonitor:
    def __init__(self, strategy: str = "ema"):
        self.calibrator = GaugeCalibrator()
        self.variables = self.calibrator.init(jax.random.key(8), jnp.zeros((4,)))
        self.step = CALIBRATION_STEPS[strategy](self.calibrator, self.variables)

    def run_shift(self, readings):
        total, corrected = lax.scan(self.step, 0.0, readings)
        return total / readings.shape[0], corrected


def main():
    monitor = SluiceMonitor()
    hours = jnp.arange(10.0)
    readings = 2.0 * jnp.sin(hours / 2.0)[:, None] + jnp.array([0.0, 0.05, -0.1, 0.2])
    mean_level, corrected = monitor.run_shift(readings)
    jax.block_until_ready((mean_level, corrected))
    return None
