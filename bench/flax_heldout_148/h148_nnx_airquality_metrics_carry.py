# label: ok
# flax-error: none
# class: 3 SensorEvaluator.evaluate runs fori_loop and the nnx.split state of self.metrics (an nnx.MultiMetric) is the carry, merged and updated in the body, written back with nnx.update
"""Low-cost air-quality sensors: evaluate a PM2.5 calibration model against reference stations."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclass(frozen=True)
class CalibrationConfig:
    inputs: int = 4  # raw pm, humidity, temperature, pressure
    hidden: int = 8


class PmCalibrator(nnx.Module):
    def __init__(self, cfg: CalibrationConfig, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(cfg.inputs, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, raw):
        return nnx.softplus(self.out(nnx.tanh(self.body(raw))))[..., 0]


class SensorEvaluator:
    def __init__(self, model: PmCalibrator):
        self.model = model
        self.metrics = nnx.MultiMetric(
            mae=nnx.metrics.Average("mae"),
            bias=nnx.metrics.Average("bias"),
        )

    def evaluate(self, raw, reference):  # [hours, sensors, inputs], [hours, sensors]
        graphdef, metric_state = nnx.split(self.metrics)

        def hour(t, metric_state):
            metrics = nnx.merge(graphdef, metric_state)
            pred = self.model(raw[t])
            err = pred - reference[t]
            metrics.update(mae=jnp.abs(err), bias=err)
            return nnx.state(metrics)

        metric_state = lax.fori_loop(0, raw.shape[0], hour, metric_state)
        nnx.update(self.metrics, metric_state)
        return self.metrics.compute()


def main():
    cfg = CalibrationConfig()
    k1, k2 = jax.random.split(jax.random.key(4))
    raw = jax.random.uniform(k1, (24, 5, cfg.inputs))
    reference = 20.0 * raw[..., 0] + jax.random.normal(k2, (24, 5))
    evaluator = SensorEvaluator(PmCalibrator(cfg, rngs=nnx.Rngs(0)))
    print({k: float(v) for k, v in evaluator.evaluate(raw, reference).items()})
    return None
