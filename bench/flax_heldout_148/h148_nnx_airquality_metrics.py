# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 SensorEvaluator.evaluate runs fori_loop and the body updates self.metrics, an nnx.MultiMetric of nnx.metrics.Average
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
        def hour(t, carry):
            pred = self.model(raw[t])
            err = pred - reference[t]
            self.metrics.update(mae=jnp.abs(err), bias=err)
            return carry

        lax.fori_loop(0, raw.shape[0], hour, 0)
        return self.metrics.compute()


def main():
    cfg = CalibrationConfig()
    k1, k2 = jax.random.split(jax.random.key(4))
    raw = jax.random.uniform(k1, (24, 5, cfg.inputs))
    reference = 20.0 * raw[..., 0] + jax.random.normal(k2, (24, 5))
    evaluator = SensorEvaluator(PmCalibrator(cfg, rngs=nnx.Rngs(0)))
    print({k: float(v) for k, v in evaluator.evaluate(raw, reference).items()})
    return None
