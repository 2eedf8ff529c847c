# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 FluxEvaluator.run -> self.tracker (MetricTracker) -> .metrics (nnx.MultiMetric) updated inside the jax.lax.scan body
"""Peatland carbon flux: evaluates a methane-flux model on a season of chamber readings and
tracks error metrics for the monitoring report."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class MethaneFlux(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, reading):
        return self.out(nnx.gelu(self.hidden(reading)))[..., 0]


class MetricTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            mae=nnx.metrics.Average("mae"),
            bias=nnx.metrics.Average("bias"),
        )

    def record(self, pred, target):
        self.metrics.update(mae=jnp.abs(pred - target), bias=pred - target)

    def summary(self):
        return {name: float(value) for name, value in self.metrics.compute().items()}


class FluxEvaluator:
    def __init__(self, model, tracker):
        self.model = model
        self.tracker = tracker

    def run(self, readings, targets):
        def chamber(carry, batch):
            reading, target = batch
            pred = self.model(reading)
            self.tracker.record(pred, target)
            return carry + 1, None

        jax.lax.scan(chamber, jnp.int32(0), (readings, targets))
        return self.tracker.summary()


def main():
    model = MethaneFlux(rngs=nnx.Rngs(0))
    readings = jax.random.normal(jax.random.key(1), (10, 5, 4))
    targets = jnp.sum(readings, axis=-1) * 0.1
    FluxEvaluator(model, MetricTracker()).run(readings, targets)
    return None
