# label: ok
# flax-error: none
# class: 5 the metrics object is nnx.split; its state rides in the fori_loop carry, merged in the body and nnx.update-d after
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
        graphdef, metric_state = nnx.split(self.metrics)

        def body(i, metric_state):
            metrics = nnx.merge(graphdef, metric_state)
            logits = self.model(batches[i])
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels[i]).mean()
            metrics.update(loss=loss, logits=logits, labels=labels[i])
            return nnx.state(metrics)

        metric_state = lax.fori_loop(0, batches.shape[0], body, metric_state)
        nnx.update(self.metrics, metric_state)
        return self.metrics.compute()


def main():
    model = SpamClassifier(20, nnx.Rngs(0))
    batches = jax.random.normal(jax.random.key(1), (4, 8, 20))
    labels = jax.random.randint(jax.random.key(2), (4, 8), 0, 2)
    BacklogEvaluator(model).sweep(batches, labels)
    return None
