# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a BatchScorer keeps model.bind(variables, mutable=['batch_stats']) and calls it in the scan body; stats are read after the loop
"""Batch scoring job that adapts BatchNorm statistics while it scores."""
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
        self.bound = model.bind(variables, mutable=["batch_stats"])

    def score_all(self, batches):
        def body(_, batch):
            return None, self.bound(batch, adapt=True)

        _, scores = jax.lax.scan(body, None, batches)
        return scores

    def adapted_variables(self):
        return self.bound.variables


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
