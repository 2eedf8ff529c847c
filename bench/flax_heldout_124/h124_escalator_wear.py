# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "ema" in "/" because collection "wear_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 variables reach the fori_loop body through MaintenanceMonitor.adapter (ApplyAdapter with a frozen AdapterConfig giving mutable=) and monitor.variables
"""Escalator maintenance prediction: weekly step-chain failure risk from vibration readings."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class WearPredictor(nn.Module):
    @nn.compact
    def __call__(self, vibration, update_stats: bool = False):
        ema = self.variable("wear_stats", "ema", lambda: jnp.zeros(vibration.shape[-1]))
        if update_stats:
            ema.value = 0.95 * ema.value + 0.05 * vibration.mean(0)
        h = nn.gelu(nn.Dense(8)(vibration - ema.value))
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


@dataclass(frozen=True)
class AdapterConfig:
    update_stats: bool = True
    mutable: tuple = ()


class ApplyAdapter:
    """Uniform call signature for the monitoring jobs: always returns (output, updates)."""

    def __init__(self, model, cfg: AdapterConfig):
        self.model = model
        self.cfg = cfg

    def __call__(self, variables, x):
        if self.cfg.mutable:
            return self.model.apply(variables, x, update_stats=self.cfg.update_stats,
                                    mutable=list(self.cfg.mutable))
        return self.model.apply(variables, x, update_stats=self.cfg.update_stats), {}


class MaintenanceMonitor:
    def __init__(self, adapter, variables):
        self.adapter = adapter
        self.variables = variables

    def weekly_risk(self, readings):
        def body(day, risk):
            prob, _ = self.adapter(self.variables, readings[day])
            return jnp.maximum(risk, prob.max())

        return lax.fori_loop(0, readings.shape[0], body, jnp.float32(0.0))


def main():
    days, samples, channels = 7, 16, 3
    readings = jax.random.normal(jax.random.key(0), (days, samples, channels))
    model = WearPredictor()
    variables = model.init(jax.random.key(1), readings[0])
    monitor = MaintenanceMonitor(ApplyAdapter(model, AdapterConfig()), variables)
    print(float(monitor.weekly_risk(readings)))
    return None
