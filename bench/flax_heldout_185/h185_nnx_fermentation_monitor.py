# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body of Evaluator.run calls every callback in self.callbacks; the MetricsCallback updates its nnx.metrics.Average from inside the body
"""Evaluating a sugar-depletion model for wine fermentation tanks, with pluggable callbacks."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

PROBES = 5  # brix, temperature, pH, CO2, turbidity


class BrixModel(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.layer = nnx.Linear(PROBES, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, probes):
        return self.head(nnx.tanh(self.layer(probes)))[..., 0]


class Callback:
    def on_step(self, loss):
        pass

    def on_end(self):
        pass


class MetricsCallback(Callback):
    def __init__(self):
        self.loss = nnx.metrics.Average("loss")

    def on_step(self, loss):
        self.loss.update(loss=loss)

    def on_end(self):
        return {"loss": float(self.loss.compute())}


@dataclasses.dataclass
class Evaluator:
    model: BrixModel
    callbacks: list

    def run(self, probes, brix):
        def body(count, batch):
            x, y = batch
            loss = jnp.mean((self.model(x) - y) ** 2)
            for callback in self.callbacks:
                callback.on_step(loss)
            return count + 1, None

        scan(body, 0, (probes, brix))
        return [callback.on_end() for callback in self.callbacks]


def main():
    probes = jax.random.normal(jax.random.key(6), (6, 8, PROBES))
    brix = 22.0 - 3.0 * jnp.arange(6.0)[:, None] * jnp.ones((6, 8))
    evaluator = Evaluator(BrixModel(rngs=nnx.Rngs(0)), [Callback(), MetricsCallback()])
    evaluator.run(probes, brix)
    return None
