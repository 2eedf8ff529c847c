# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the evaluator's nnx.MultiMetric is reached through evaluator -> tracker -> metrics and updated inside the scan body
"""Evaluator for a search-ranking reranker: relevance classification over validation batches,
with nnx.metrics tracked by a MetricTracker object."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


class Reranker(nnx.Module):
    def __init__(self, dim, n_grades, rngs):
        self.proj = nnx.Linear(2 * dim, 32, rngs=rngs)
        self.head = nnx.Linear(32, n_grades, rngs=rngs)

    def __call__(self, q, d):
        return self.head(nnx.gelu(self.proj(jnp.concatenate([q, d], -1))))


class MetricTracker:
    def __init__(self):
        self.metrics = nnx.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def record(self, logits, labels):
        loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
        self.metrics.update(loss=loss, logits=logits, labels=labels)


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.tracker = MetricTracker()

    def run(self, qs, ds, labels):
        self.model.eval()

        def body(_, batch):
            q, d, y = batch
            self.tracker.record(self.model(q, d), y)
            return None, None

        jax.lax.scan(body, None, (qs, ds, labels))
        return self.tracker.metrics.compute()


def main():
    model = Reranker(8, 4, nnx.Rngs(0))
    ev = Evaluator(model)
    qs = jax.random.normal(jax.random.key(1), (3, 16, 8))
    ds = jax.random.normal(jax.random.key(2), (3, 16, 8))
    labels = jax.random.randint(jax.random.key(3), (3, 16), 0, 4)
    jax.block_until_ready(ev.run(qs, ds, labels))
    return None
