# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 an nn.remat(GatedStep) cell built in CurveEncoder.__call__ is first called (and so creates its params) inside the raw scan body
"""Experiment tracker: every logged run encodes its metric curve with a rematerialized
recurrent cell, and the tracker stores the run summary next to the run's hyperparameters."""

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class GatedStep(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, h, x):
        gate = nn.sigmoid(nn.Dense(self.hidden, name="gate")(jnp.concatenate([h, x], -1)))
        cand = jnp.tanh(nn.Dense(self.hidden, name="cand")(jnp.concatenate([h, x], -1)))
        return (1.0 - gate) * h + gate * cand


class CurveEncoder(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, curve):
        cell = nn.remat(GatedStep)(self.hidden, name="cell")

        def body(h, x):
            h = cell(h, x)
            return h, h.mean()

        h0 = jnp.zeros(curve.shape[1:-1] + (self.hidden,))
        h, trace = jax.lax.scan(body, h0, curve)
        return nn.Dense(4, name="summary")(h), trace


@dataclasses.dataclass(frozen=True)
class RunRecord:
    run_id: str
    hparams: tuple
    summary: tuple


class ExperimentTracker:
    def __init__(self, encoder: CurveEncoder, seed: int = 0):
        self.encoder = encoder
        self.seed = seed
        self.records = []
        self.variables = None

    def log_run(self, run_id, hparams, curve):
        if self.variables is None:
            self.variables = self.encoder.init(jax.random.key(self.seed), curve)
        summary, _ = self.encoder.apply(self.variables, curve)
        self.records.append(RunRecord(run_id, tuple(sorted(hparams.items())), tuple(summary.ravel().tolist())))


def main():
    tracker = ExperimentTracker(CurveEncoder())
    for i, lr in enumerate((1e-3, 3e-4)):
        curve = jnp.exp(-lr * 1e3 * jnp.arange(12.0))[:, None, None] * jnp.ones((12, 1, 2))
        tracker.log_run(f"run-{i}", {"lr": lr, "warmup": 100}, curve)
    return None
