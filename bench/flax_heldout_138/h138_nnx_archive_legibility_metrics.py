# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 an nnx.metrics.Average held by ArchiveEvaluator, updated by a callback registered with @evaluator.callbacks.register and fired in the scan body
"""Legibility evaluation for an archive digitisation project.

The evaluator scores scanned pages against conservator ratings; plug-in
callbacks collect whatever statistics a given collection needs.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class LegibilityScorer(nnx.Module):
    def __init__(self, n_features: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(n_features, 8, rngs=rngs)
        self.score = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, pages):
        return nnx.sigmoid(self.score(nnx.gelu(self.proj(pages))))[..., 0]


class CallbackList:
    def __init__(self):
        self.fns = []

    def register(self, fn):
        self.fns.append(fn)
        return fn

    def __call__(self, evaluator, loss):
        for fn in self.fns:
            fn(evaluator, loss)


class ArchiveEvaluator:
    def __init__(self, scorer: LegibilityScorer):
        self.scorer = scorer
        self.loss_avg = nnx.metrics.Average()
        self.callbacks = CallbackList()

    def evaluate(self, page_batches, ratings):
        def step(count, batch):
            pages, rating = batch
            loss = jnp.mean((self.scorer(pages) - rating) ** 2)
            self.callbacks(self, loss)
            return count + 1, loss

        lax.scan(step, jnp.int32(0), (page_batches, ratings))
        return self.loss_avg.compute()


def main():
    evaluator = ArchiveEvaluator(LegibilityScorer(6, rngs=nnx.Rngs(0)))

    @evaluator.callbacks.register
    def track_loss(ev, loss):
        ev.loss_avg.update(values=loss)

    pages = jnp.cos(jnp.arange(4 * 5 * 6, dtype=jnp.float32).reshape(4, 5, 6) / 9.0)
    ratings = jnp.linspace(0.2, 0.9, 4 * 5).reshape(4, 5)
    evaluator.evaluate(pages, ratings)
    return None
