# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 build_oxygen_step(model) returns a closure, the lax.scan body, that calls the captured model whose Dropout draws from its own Rngs
"""Monte-Carlo dissolved-oxygen forecast for hatchery raceways (dropout left on)."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


@dataclasses.dataclass
class RacewaySpec:
    probes: int = 5
    hidden: int = 16
    samples: int = 6
    dropout: float = 0.3
    seeds: dict = dataclasses.field(default_factory=lambda: {"params": 0, "dropout": 1})


class OxygenForecaster(nnx.Module):
    def __init__(self, spec: RacewaySpec, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(spec.probes, spec.hidden, rngs=rngs)
        self.drop = nnx.Dropout(spec.dropout, rngs=rngs)
        self.out = nnx.Linear(spec.hidden, 2, rngs=rngs)

    def __call__(self, probes):
        return self.out(self.drop(nnx.tanh(self.trunk(probes))))


def build_oxygen_step(model: OxygenForecaster):
    def step(count, reading):
        return count + 1, model(reading)

    return step


def make_forecaster(spec: RacewaySpec):
    return OxygenForecaster(spec, nnx.Rngs(**spec.seeds))


def forecast_band(model, reading, samples):
    step = build_oxygen_step(model)
    repeated = jnp.tile(reading[None], (samples, 1))
    _, draws = lax.scan(step, 0, repeated)
    return draws


def main():
    spec = RacewaySpec()
    model = make_forecaster(spec)
    reading = jnp.array([7.8, 7.1, 6.9, 8.2, 7.5]) / 10.0
    return forecast_band(model, reading, spec.samples)
