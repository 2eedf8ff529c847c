# label: ok
# flax-error: none
# class: 2 an Evaluator holds an nnx.MultiMetric and an eval-mode model; a lax.scan body returns per-batch loss and logits as ys and the metric object is updated after the loop
import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax import lax


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.body = nnx.Linear(4, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(8, 3, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.relu(self.body(x))))


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

        _, (losses, logits) = lax.scan(body, 0, (xs, ys))
        for i in range(xs.shape[0]):
            self.metrics.update(loss=losses[i], logits=logits[i], labels=ys[i])
        return self.metrics.compute()


def main():
    model = Classifier(nnx.Rngs(0))
    xs = jax.random.normal(jax.random.key(1), (3, 5, 4))
    ys = jnp.zeros((3, 5), jnp.int32)
    Evaluator(model).evaluate(xs, ys)
    return None
