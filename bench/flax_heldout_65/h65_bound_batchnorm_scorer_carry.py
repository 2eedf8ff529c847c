# label: ok
# flax-error: none
# class: 5 a BatchScorer applies the model with mutable=['batch_stats'] and threads the stats through the scan carry
"""Batch scoring job that adapts BatchNorm statistics while it scores (stats carried)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class Scorer(nn.Module):
    @nn.compact
    def __call__(self, x, adapt: bool = False):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=not adapt)(x)
        return nn.sigmoid(nn.Dense(1)(x)).squeeze(-1)


class BatchStats:
    def __init__(self):
        self.count = 0
        self.means = []

    def record(self, scores):
        self.count += 1
        self.means.append(float(jnp.mean(scores)))


class BatchScorer:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def score_all(self, batches):
        params = self.variables["params"]

        def body(batch_stats, batch):
            scores, updates = self.model.apply(
                {"params": params, "batch_stats": batch_stats}, batch, adapt=True, mutable=["batch_stats"]
            )
            return updates["batch_stats"], scores

        stats, scores = jax.lax.scan(body, self.variables["batch_stats"], batches)
        self.variables = {"params": params, "batch_stats": stats}
        return scores

    def adapted_variables(self):
        return self.variables


def main():
    model = Scorer()
    batches = jnp.linspace(0.0, 1.0, 4 * 10 * 5).reshape(4, 10, 5)
    variables = model.init(jax.random.key(0), batches[0])
    job = BatchScorer(model, variables)
    stats = BatchStats()
    scores = job.score_all(batches)
    for row in scores:
        stats.record(row)
    adapted = job.adapted_variables()
    model.apply(adapted, batches[0]).block_until_ready()
    return None
