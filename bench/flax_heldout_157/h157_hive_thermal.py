# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 HiveThermalRegulator.__call__ runs jax.lax.scan itself and first calls its compact nn.Dense layers inside the body, so init creates their params under the scan trace
"""Brood-chamber climate control for a monitored apiary.

Each hive reports hourly comb temperatures; the regulator turns the drift from the brood
setpoint into a blower duty cycle, carrying a small recurrent state across the hours.
"""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class HiveConfig:
    sensors: int = 6
    hidden: int = 8
    hours: int = 12
    setpoint_c: float = 34.5
    duty_ceiling: float = 0.85


class HiveThermalRegulator(nn.Module):
    config: HiveConfig

    @nn.compact
    def __call__(self, readings: jax.Array) -> jax.Array:
        cfg = self.config

        def hour(state, reading):
            drift = reading - cfg.setpoint_c
            encoded = nn.Dense(cfg.hidden, name="drift_encoder")(drift)
            state = jnp.tanh(encoded + nn.Dense(cfg.hidden, use_bias=False, name="recurrent")(state))
            duty = nn.sigmoid(nn.Dense(1, name="blower")(state))[0] * cfg.duty_ceiling
            return state, duty

        state0 = jnp.zeros((cfg.hidden,))
        _, duty = jax.lax.scan(hour, state0, readings)
        return duty


class ApiaryService:
    """Holds one regulator per yard and the variables it was initialised with."""

    def __init__(self, config: HiveConfig, seed: int = 0):
        self.config = config
        self.model = HiveThermalRegulator(config)
        self._seed = seed
        self.variables = None

    def warm_start(self) -> None:
        probe = jnp.full((self.config.hours, self.config.sensors), self.config.setpoint_c)
        self.variables = self.model.init(jax.random.key(self._seed), probe)

    def duty_plan(self, readings: jax.Array) -> jax.Array:
        return self.model.apply(self.variables, readings)


def main():
    cfg = HiveConfig()
    service = ApiaryService(cfg)
    service.warm_start()
    readings = cfg.setpoint_c + 0.3 * jax.random.normal(jax.random.key(7), (cfg.hours, cfg.sensors))
    plan = service.duty_plan(readings)
    print("mean duty", float(plan.mean()))
    return None
