# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "drift" in "/" because collection "monitor" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 CalibrationRun.hooks[i].tracker (model.bind held by a DriftMonitorHook) is updated from the scan body through the hook's after_step
"""Lighthouse lens calibration: beam-intensity model replayed over a night of photometer readings."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import linen as nn


class BeamModel(nn.Module):
    def setup(self):
        self.photometry = nn.Dense(1)
        self.drift = self.variable("monitor", "drift", lambda: jnp.zeros(()))

    def __call__(self, reading):
        return self.photometry(reading)[..., 0]

    def update_drift(self, residual, decay=0.9):
        self.drift.value = decay * self.drift.value + (1.0 - decay) * jnp.abs(residual).mean()
        return self.drift.value


class DriftMonitorHook:
    def __init__(self, model, variables):
        self.tracker = model.bind(variables)

    def after_step(self, residual):
        self.tracker.update_drift(residual)


@dataclass
class CalibrationRun:
    model: nn.Module
    variables: dict
    hooks: list = field(default_factory=list)

    def replay(self, readings, targets):
        def step(carry, batch):
            reading, target = batch
            residual = self.model.apply(self.variables, reading) - target
            for hook in self.hooks:
                hook.after_step(residual)
            return carry + jnp.mean(residual**2), None

        sq_err, _ = jax.lax.scan(step, jnp.zeros(()), (readings, targets))
        return sq_err / readings.shape[0]


def main():
    readings = jax.random.normal(jax.random.key(0), (24, 6, 3))  # hourly: 6 sensors x (current, temp, haze)
    targets = readings @ jnp.array([0.8, -0.2, -0.5])
    model = BeamModel()
    variables = model.init(jax.random.key(1), readings[0])
    run = CalibrationRun(model, variables, hooks=[DriftMonitorHook(model, variables)])
    mse = run.replay(readings, targets)
    jax.block_until_ready(mse)
    return None
