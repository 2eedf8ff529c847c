# label: ok
# flax-error: none
# class: 2 the scan body returns per-batch loss, logits and labels as ys and the evaluator updates its nnx.MultiMetric after the loop
"""NNX evaluation loop: an Evaluator puts the model in eval mode, runs the validation batches in
a jax.lax.scan that returns per-batch results, and accumulates loss and accuracy in an
nnx.MultiMetric after the loop."""
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(12, 24, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)
        self.fc2 = nnx.Linear(24, 5, rngs=rngs)

    def __call__(self, x):
        return self.fc2(self.dropout(nnx.gelu(self.fc1(x))))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def evaluate(self, xs, ys):
        self.model.eval()
        self.metrics.reset()

        def body(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()
            return carry, (loss, logits)

        _, (losses, logits) = lax.scan(body, None, (xs, ys))
        for loss, lg, y in zip(losses, logits, ys):
            self.metrics.update(loss=loss, logits=lg, labels=y)
        return {k: float(v) for k, v in self.metrics.compute().items()}


def main():
    model = Classifier(nnx.Rngs(0, dropout=1))
    xs = jax.random.normal(jax.random.key(3), (4, 8, 12))
    ys = jax.random.randint(jax.random.key(4), (4, 8), 0, 5)
    Evaluator(model).evaluate(xs, ys)
