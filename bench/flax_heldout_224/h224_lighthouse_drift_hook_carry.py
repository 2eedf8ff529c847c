# label: ok
# flax-error: none
# class: 4 CalibrationRun.hooks[i].tracker (model.bind held by a DriftMonitorHook) is read before the loop; the drift average rides the carry and the hook keeps the final value
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

    def drift_update(self, drift, residual, decay=0.9):
        return decay * drift + (1.0 - decay) * jnp.abs(residual).mean()


class DriftMonitorHook:
    def __init__(self, model, variables):
        self.tracker = model.bind(variables)
        self.final_drift = None

    def initial(self):
        return self.tracker.drift.value

    def after_step(self, drift, residual):
        return self.tracker.drift_update(drift, residual)

    def after_loop(self, drift):
        self.final_drift = drift


@dataclass
class CalibrationRun:
    model: nn.Module
    variables: dict
    hooks: list = field(default_factory=list)

    def replay(self, readings, targets):
        def step(carry, batch):
            sq_err, drifts = carry
            reading, target = batch
            residual = self.model.apply(self.variables, reading) - target
            drifts = [hook.after_step(d, residual) for hook, d in zip(self.hooks, drifts)]
            return (sq_err + jnp.mean(residual**2), drifts), None

        start = (jnp.zeros(()), [hook.initial() for hook in self.hooks])
        (sq_err, drifts), _ = jax.lax.scan(step, start, (readings, targets))
        for hook, drift in zip(self.hooks, drifts):
            hook.after_loop(drift)
        return sq_err / readings.shape[0]


def main():
    readings = jax.random.normal(jax.random.key(0), (24, 6, 3))  # hourly: 6 sensors x (current, temp, haze)
    targets = readings @ jnp.array([0.8, -0.2, -0.5])
    model = BeamModel()
    variables = model.init(jax.random.key(1), readings[0])
    run = CalibrationRun(model, variables, hooks=[DriftMonitorHook(model, variables)])
    mse = run.replay(readings, targets)
    jax.block_until_ready((mse, run.hooks[0].final_drift))
    return None
