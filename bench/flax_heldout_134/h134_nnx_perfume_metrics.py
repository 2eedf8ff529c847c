# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the PanelEvaluator holds an nnx.MultiMetric as an attribute; the scan body over panel sessions updates evaluator.metrics
"""Perfume blending panel evaluation: a scoring model predicts the panel's hedonic
rating of each trial blend; the evaluator accumulates error metrics session by session."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class HedonicScorer(nnx.Module):
    def __init__(self, n_notes, rngs):
        self.notes = nnx.Linear(n_notes, 12, rngs=rngs)
        self.rating = nnx.Linear(12, 1, rngs=rngs)

    def __call__(self, blend):
        return self.rating(nnx.tanh(self.notes(blend)))[..., 0]


class PanelEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            mae=nnx.metrics.Average("mae"),
            mse=nnx.metrics.Average("mse"),
        )

    def run(self, blends, ratings):
        self.model.eval()
        self.metrics.reset()

        def session(carry, batch):
            blend, rating = batch
            err = self.model(blend) - rating
            self.metrics.update(mae=jnp.abs(err).mean(), mse=(err**2).mean())
            return carry + 1, err.mean()

        lax.scan(session, 0, (blends, ratings))
        return self.metrics.compute()


def main():
    blends = jax.random.dirichlet(jax.random.key(0), jnp.ones(9), (5, 6))
    ratings = jax.random.uniform(jax.random.key(1), (5, 6), minval=1.0, maxval=9.0)
    evaluator = PanelEvaluator(HedonicScorer(9, nnx.Rngs(0)))
    evaluator.run(blends, ratings)
    return None
