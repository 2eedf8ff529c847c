# label: ok
# flax-error: none
# class: 5 the Calibrator keeps functools.partial(model.apply, train=True, mutable=["batch_stats"]) as self.forward; the fori_loop body calls it with batch_stats from the carry and carries the updated batch_stats
"""Nightly calibration of a greenhouse climate model over micro-batches of sensor readings."""
from __future__ import annotations

import dataclasses
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

SENSORS = 6


@dataclasses.dataclass(frozen=True)
class CalibrationConfig:
    micro_batches: int = 4
    batch_size: int = 8
    target_humidity: float = 0.65


class ClimateNet(nn.Module):
    @nn.compact
    def __call__(self, readings, train: bool = False):
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(readings)
        x = nn.gelu(nn.Dense(16)(x))
        return nn.sigmoid(nn.Dense(1)(x))[..., 0]


class Calibrator:
    def __init__(self, model: nn.Module, variables, config: CalibrationConfig):
        self.config = config
        self.variables = variables
        self.forward = functools.partial(model.apply, train=True, mutable=["batch_stats"])

    def calibrate(self, readings):
        cfg = self.config
        params = self.variables["params"]

        def body(i, carry):
            loss, batch_stats = carry
            batch = lax.dynamic_index_in_dim(readings, i, keepdims=False)
            humidity, updated = self.forward({"params": params, "batch_stats": batch_stats}, batch)
            return loss + jnp.mean((humidity - cfg.target_humidity) ** 2), updated["batch_stats"]

        loss, batch_stats = lax.fori_loop(
            0, cfg.micro_batches, body, (jnp.zeros(()), self.variables["batch_stats"])
        )
        self.variables = {"params": params, "batch_stats": batch_stats}
        return loss / cfg.micro_batches


def main():
    cfg = CalibrationConfig()
    readings = jax.random.normal(jax.random.key(2), (cfg.micro_batches, cfg.batch_size, SENSORS))
    model = ClimateNet()
    variables = model.init(jax.random.key(0), readings[0])
    calibrator = Calibrator(model, variables, cfg)
    float(calibrator.calibrate(readings))
    return None
