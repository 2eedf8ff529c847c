# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 HarbourEvaluator.evaluate scans over tide-gauge windows and calls self.reporter.record, which updates the reporter's nnx.metrics.Average objects created outside the scan
"""Evaluation of a harmonic tide predictor against harbour gauge records."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class TidePredictor(nnx.Module):
    def __init__(self, constituents: int, *, rngs: nnx.Rngs):
        self.amplitudes = nnx.Linear(2 * constituents, 1, rngs=rngs)
        self.frequencies = jnp.linspace(0.5, 2.0, constituents)

    def __call__(self, hours):
        phase = hours[:, None] * self.frequencies[None, :]
        basis = jnp.concatenate([jnp.sin(phase), jnp.cos(phase)], axis=-1)
        return self.amplitudes(basis)[:, 0]


class MetricsReporter:
    def __init__(self):
        self.metrics = {"mae": nnx.metrics.Average(), "bias": nnx.metrics.Average()}

    def record(self, errors):
        self.metrics["mae"].update(values=jnp.abs(errors))
        self.metrics["bias"].update(values=errors)

    def summary(self):
        return {name: float(metric.compute()) for name, metric in self.metrics.items()}


class HarbourEvaluator:
    def __init__(self, model: TidePredictor, reporter: MetricsReporter):
        self.model = model
        self.reporter = reporter

    def evaluate(self, windows, gauge):
        def window(carry, batch):
            hours, observed = batch
            errors = self.model(hours) - observed
            self.reporter.record(errors)
            return carry + 1, None

        scan(window, jnp.int32(0), (windows, gauge))
        return self.reporter.summary()


def main():
    windows = jnp.arange(6 * 24, dtype=jnp.float32).reshape(6, 24)
    gauge = 1.5 * jnp.sin(0.5 * windows) + 0.1
    model = TidePredictor(constituents=4, rngs=nnx.Rngs(0))
    evaluator = HarbourEvaluator(model, MetricsReporter())
    print(evaluator.evaluate(windows, gauge))
    return None
