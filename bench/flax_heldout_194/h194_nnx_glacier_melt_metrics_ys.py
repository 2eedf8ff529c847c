# label: ok
# flax-error: none
# class: 4 the scan body emits per-week loss and bias as scan outputs; evaluator.tracker.metrics (an nnx.MultiMetric) is updated once after the loop
"""Glacier melt-rate model validation against stake measurements.

The evaluator walks the melt season week by week, compares the model with stake
readings and accumulates loss / bias metrics in an nnx.MultiMetric tracker.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class MeltModel(nnx.Module):
    def __init__(self, n_inputs: int, rngs: nnx.Rngs):
        self.degree_day = nnx.Linear(n_inputs, 8, rngs=rngs)
        self.melt = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, forcing):
        return nnx.relu(self.melt(nnx.tanh(self.degree_day(forcing))))[..., 0]


class MetricTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            bias=nnx.metrics.Average("bias"),
        )

    def record(self, loss, bias):
        self.metrics.update(loss=loss, bias=bias)

    def summary(self):
        return {k: float(v) for k, v in self.metrics.compute().items()}


class SeasonEvaluator:
    def __init__(self, model: MeltModel, tracker: MetricTracker):
        self.model = model
        self.tracker = tracker

    def evaluate(self, forcing, stakes):
        def week(carry, batch):
            f, s = batch
            pred = self.model(f)
            return carry, (pred, jnp.mean((pred - s) ** 2), jnp.mean(pred - s))

        _, (preds, losses, biases) = lax.scan(week, None, (forcing, stakes))
        self.tracker.record(losses, biases)
        return preds


def main():
    forcing = jax.random.normal(jax.random.key(13), (10, 5, 4))
    stakes = jnp.abs(jax.random.normal(jax.random.key(14), (10, 5)))
    evaluator = SeasonEvaluator(MeltModel(4, nnx.Rngs(0)), MetricTracker())
    evaluator.evaluate(forcing, stakes)
    print(evaluator.tracker.summary())
