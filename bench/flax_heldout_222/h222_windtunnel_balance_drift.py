# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "drift" in "/" because collection "calibration" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 make_drift_step(model, variables) returns a jax.checkpoint-wrapped step that applies the model's track method, which updates the "calibration" drift variable, under a read-only apply
"""Wind tunnel force balance: correct a run of six-component readings for slow sensor drift."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclass(frozen=True)
class BalanceSpec:
    components: int = 6
    drift_rate: float = 0.05


class BalanceCalibrator(nn.Module):
    spec: BalanceSpec

    def setup(self):
        self.coupling = nn.Dense(self.spec.components, use_bias=False)
        self.drift = self.variable("calibration", "drift", jnp.zeros, (self.spec.components,))

    def __call__(self, reading):
        return self.coupling(reading) - self.drift.value

    def track(self, reading):
        corrected = self(reading)
        rate = self.spec.drift_rate
        self.drift.value = (1.0 - rate) * self.drift.value + rate * corrected
        return corrected


def make_drift_step(model: BalanceCalibrator, variables):
    @jax.checkpoint
    def step(load, reading):
        corrected = model.apply(variables, reading, method=BalanceCalibrator.track)
        return load + corrected[:3], corrected

    return step


class TunnelRun:
    def __init__(self, spec: BalanceSpec, step_factory=make_drift_step):
        self.spec = spec
        self.model = BalanceCalibrator(spec)
        self.step_factory = step_factory

    def process(self, readings):
        variables = self.model.init(jax.random.key(0), readings[0])
        step = self.step_factory(self.model, variables)
        total_load, corrected = jax.lax.scan(step, jnp.zeros(3), readings)
        return total_load / readings.shape[0], corrected


def main():
    spec = BalanceSpec()
    readings = 1.0 + 0.1 * jax.random.normal(jax.random.key(4), (20, spec.components))
    TunnelRun(spec).process(readings)
    return None
