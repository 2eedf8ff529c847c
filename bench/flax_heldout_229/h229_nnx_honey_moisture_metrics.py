# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the nnx.metrics objects kept on one GradingEvaluator (self.metrics) are updated in the fori_loop body
"""Honey extraction yields: grading extracted honey lots by predicted moisture
content, with running metrics kept by the evaluator."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class MoistureRegressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.spectra = nnx.Linear(5, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, refractometer):
        return 15.0 + 5.0 * nnx.sigmoid(self.out(nnx.gelu(self.spectra(refractometer))))[..., 0]


class GradingEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            moisture=nnx.metrics.Average("moisture"),
            error=nnx.metrics.Average("error"),
        )

    def grade(self, lots, lab_moisture):
        def body(i, carry):
            pred = self.model(lots[i])
            self.metrics.update(moisture=pred.mean(), error=jnp.abs(pred - lab_moisture[i]).mean())
            return carry + (pred > 18.6).sum()

        rejected = fori_loop(0, lots.shape[0], body, jnp.zeros((), jnp.int32))
        return rejected, self.metrics.compute()


def main():
    evaluator = GradingEvaluator(MoistureRegressor(nnx.Rngs(0)))
    lots = jax.random.uniform(jax.random.key(2), (7, 12, 5))
    lab = 16.0 + 3.0 * jax.random.uniform(jax.random.key(3), (7, 12))
    evaluator.grade(lots, lab)
    return None
