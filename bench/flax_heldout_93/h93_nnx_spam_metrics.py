# label: trace-context
# flax-error: TraceContextError: Cannot mutate MetricState from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the evaluator object holds an nnx.metrics.MultiMetric and updates it inside the fori_loop body
"""Spam filter retrained online: an evaluator sweeps the labelled backlog and tracks metrics."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class SpamClassifier(nnx.Module):
    def __init__(self, vocab_dim, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(vocab_dim, 16, rngs=rngs)
        self.out = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.hidden(x)))


class BacklogEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.metrics.MultiMetric(
            accuracy=nnx.metrics.Accuracy(),
            loss=nnx.metrics.Average("loss"),
        )

    def sweep(self, batches, labels):
        def body(i, carry):
            logits = self.model(batches[i])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels[i]).mean()
            self.metrics.update(loss=loss, logits=logits, labels=labels[i])
            return carry

        lax.fori_loop(0, batches.shape[0], body, 0)
        return self.metrics.compute()


def main():
    model = SpamClassifier(20, nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (4, 8, 20))
    labels = jax.random.randint(jax.random.key(2), (4, 8), 0, 2)
    BacklogEvaluator(model).sweep(batches, labels)
    return None
