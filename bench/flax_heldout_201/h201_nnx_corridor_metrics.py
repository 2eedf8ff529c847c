# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 CorridorEvaluator.evaluate -> self.tracker (DelayTracker) -> .metrics (nnx.MultiMetric) updated in the jax.lax.scan body
"""Offline evaluation of a green-split predictor along a signalised corridor.

For each intersection snapshot the predictor proposes the green split of the cycle;
the evaluator turns it into a Webster-style delay estimate and accumulates corridor
metrics.
"""
import jax
import jax.numpy as jnp
from flax import nnx

CYCLE = 90.0


class GreenSplitPredictor(nnx.Module):
    def __init__(self, n_features, n_phases, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.out = nnx.Linear(16, n_phases, rngs=rngs)

    def __call__(self, x):
        return jax.nn.softmax(self.out(nnx.relu(self.hidden(x))))


class DelayTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            delay=nnx.metrics.Average("delay"),
            saturation=nnx.metrics.Average("saturation"),
        )

    def record(self, delay, saturation):
        self.metrics.update(delay=delay, saturation=saturation)

    def report(self):
        return self.metrics.compute()


def webster_delay(split, flows):
    green = split * CYCLE
    sat = flows * CYCLE / jnp.maximum(green, 1.0)
    delay = 0.5 * CYCLE * (1.0 - split) ** 2 / jnp.maximum(1.0 - jnp.minimum(sat, 0.95) * split, 0.05)
    return delay.mean(), sat.max()


class CorridorEvaluator:
    def __init__(self, model, tracker):
        self.model = model
        self.tracker = tracker

    def evaluate(self, snapshots, flows):
        def visit(carry, inputs):
            features, flow = inputs
            split = self.model(features)
            delay, saturation = webster_delay(split, flow)
            self.tracker.record(delay, saturation)
            return carry + 1, split

        jax.lax.scan(visit, 0, (snapshots, flows))
        return self.tracker.report()


def main():
    model = GreenSplitPredictor(6, 4, rngs=nnx.Rngs(0))
    snapshots = jax.random.normal(jax.random.PRNGKey(1), (9, 6))
    flows = jax.random.uniform(jax.random.PRNGKey(2), (9, 4), minval=0.05, maxval=0.3)
    report = CorridorEvaluator(model, DelayTracker()).evaluate(snapshots, flows)
    jax.block_until_ready(report)
    return None
