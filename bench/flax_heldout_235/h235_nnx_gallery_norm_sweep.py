# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body in SweepRunner calls the attribute self.model, whose BatchNorm updates its batch statistics
"""Dew-point estimator for the lower galleries: sweep a day of sensor batches through the model."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class SensorSpec:
    channels: int = 5
    hidden: int = 8
    batch: int = 4
    hours: int = 6


class DewPointNet(nnx.Module):
    def __init__(self, spec: SensorSpec, rngs: nnx.Rngs):
        self.inp = nnx.Linear(spec.channels, spec.hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(spec.hidden, momentum=0.95, rngs=rngs)
        self.out = nnx.Linear(spec.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.norm(self.inp(x))))[..., 0]


class SweepRunner:
    def __init__(self, model: DewPointNet):
        self.model = model

    def sweep(self, hourly_batches, targets):
        def hour(total, batch):
            x, y = batch
            pred = self.model(x)
            return total + jnp.mean((pred - y) ** 2), pred

        total, preds = jax.lax.scan(hour, jnp.zeros(()), (hourly_batches, targets))
        return total / hourly_batches.shape[0], preds


def make_day(spec: SensorSpec):
    x = jnp.linspace(-1.0, 1.0, spec.hours * spec.batch * spec.channels)
    x = x.reshape(spec.hours, spec.batch, spec.channels)
    return x, x.mean(axis=-1) * 3.0 + 11.0


def main():
    spec = SensorSpec()
    runner = SweepRunner(DewPointNet(spec, nnx.Rngs(0)))
    x, y = make_day(spec)
    mse, preds = runner.sweep(x, y)
    jax.block_until_ready((mse, preds))
    return None
