# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the scan body is a method of PondTelemetryService that stores each step's mutated batch_stats in the service's stats_by_pond dict
"""Brine density encoder behind the evaporation-pond telemetry service."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class PondConfig:
    name: str
    sensors: int = 4
    features: int = 3
    hours: int = 6
    seed: int = 11


class BrineEncoder(nn.Module):
    features: int

    @nn.compact
    def __call__(self, readings, train: bool):
        h = nn.Dense(self.features, name="density")(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="norm")(h)
        return nn.tanh(h)


class PondTelemetryService:
    def __init__(self, config: PondConfig):
        self.config = config
        self.model = BrineEncoder(config.features)
        self.stats_by_pond: dict[str, dict] = {}
        probe = jnp.zeros((config.sensors, config.features))
        self.variables = self.model.init(jax.random.key(config.seed), probe, train=False)

    def _encode_hour(self, total, readings):
        encoded, mutated = self.model.apply(
            self.variables, readings, train=True, mutable=["batch_stats"]
        )
        self.stats_by_pond[self.config.name] = mutated["batch_stats"]
        return total + encoded.mean(), encoded

    def ingest(self, hourly):
        return jax.lax.scan(self._encode_hour, jnp.zeros(()), hourly)

    def serving_variables(self):
        return {
            "params": self.variables["params"],
            "batch_stats": self.stats_by_pond[self.config.name],
        }

    def score(self, readings):
        return self.model.apply(self.serving_variables(), readings, train=False)


def synthetic_readings(cfg: PondConfig):
    base = jnp.linspace(1.02, 1.21, cfg.sensors * cfg.features).reshape(cfg.sensors, cfg.features)
    return jnp.stack([base * (1.0 + 0.01 * hour) for hour in range(cfg.hours)])


def main():
    cfg = PondConfig(name="crystalliser-3")
    service = PondTelemetryService(cfg)
    hourly = synthetic_readings(cfg)
    total, encoded = service.ingest(hourly)
    scores = service.score(hourly[-1])
    jax.block_until_ready((total, encoded, scores))
    return None
