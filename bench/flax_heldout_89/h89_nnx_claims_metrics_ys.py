# label: ok
# flax-error: none
# class: 2 the evaluator owns an nnx.MultiMetric; the scan body returns loss and logits as outputs and the metrics are updated after the loop
"""Insurance-claims triage (NNX): nightly evaluation of the triage model on the labelled backlog."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class TriageNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.body = nnx.Linear(10, 16, rngs=rngs)
        self.out = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.body(x)))


class BacklogEvaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def run(self, features, labels):
        self.model.eval()
        self.metrics.reset()

        def body(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return carry, (loss, logits)

        _, (losses, logits) = lax.scan(body, None, (features, labels))
        for i in range(losses.shape[0]):
            self.metrics.update(loss=losses[i], logits=logits[i], labels=labels[i])
        return self.metrics.compute()


def main():
    model = TriageNet(nnx.Rngs(0))
    feats = jax.random.normal(jax.random.key(1), (5, 8, 10))
    labels = jax.random.randint(jax.random.key(2), (5, 8), 0, 3)
    jax.block_until_ready(BacklogEvaluator(model).run(feats, labels))
    return None
