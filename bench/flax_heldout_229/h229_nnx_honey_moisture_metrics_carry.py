# label: ok
# flax-error: none
# class: 3 the nnx.metrics objects kept on one GradingEvaluator (self.metrics) are nnx.split; their state is the fori_loop carry, merged in the body and nnx.update-d after
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
        graphdef, metric_state = nnx.split(self.metrics)

        def body(i, carry):
            rejected, metric_state = carry
            metrics = nnx.merge(graphdef, metric_state)
            pred = self.model(lots[i])
            metrics.update(moisture=pred.mean(), error=jnp.abs(pred - lab_moisture[i]).mean())
            return rejected + (pred > 18.6).sum(), nnx.state(metrics)

        rejected, metric_state = fori_loop(0, lots.shape[0], body, (jnp.zeros((), jnp.int32), metric_state))
        nnx.update(self.metrics, metric_state)
        return rejected, self.metrics.compute()


def main():
    evaluator = GradingEvaluator(MoistureRegressor(nnx.Rngs(0)))
    lots = jax.random.uniform(jax.random.key(2), (7, 12, 5))
    lab = 16.0 + 3.0 * jax.random.uniform(jax.random.key(3), (7, 12))
    evaluator.grade(lots, lab)
    return None
