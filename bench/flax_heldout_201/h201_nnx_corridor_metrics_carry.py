# label: ok
# flax-error: none
# class: 4 CorridorEvaluator.evaluate -> self.tracker (DelayTracker) -> .metrics (nnx.MultiMetric) split before the jax.lax.scan, merged and updated in the body, state carried and written back
"""Offline evaluation of a green-split predictor along a signalised corridor.

For each intersection snapshot the predictor proposes the green split of the cycle;
the evaluator turns it into a Webster-style delay estimate and accumulates corridor
metrics. The metric state is split off, carried through the scan and written back.
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

    def record(self, metrics, delay, saturation):
        metrics.update(delay=delay, saturation=saturation)

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
        graphdef, metric_state = nnx.split(self.tracker.metrics)

        def visit(metric_state, inputs):
            features, flow = inputs
            metrics = nnx.merge(graphdef, metric_state)
            split = self.model(features)
            delay, saturation = webster_delay(split, flow)
            self.tracker.record(metrics, delay, saturation)
            return nnx.state(metrics), split

        metric_state, _ = jax.lax.scan(visit, metric_state, (snapshots, flows))
        nnx.update(self.tracker.metrics, metric_state)
        return self.tracker.report()


def main():
    model = GreenSplitPredictor(6, 4, rngs=nnx.Rngs(0))
    snapshots = jax.random.normal(jax.random.PRNGKey(1), (9, 6))
    flows = jax.random.uniform(jax.random.PRNGKey(2), (9, 4), minval=0.05, maxval=0.3)
    report = CorridorEvaluator(model, DelayTracker()).evaluate(snapshots, flows)
    jax.block_until_ready(report)
    return None
