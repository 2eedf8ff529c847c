# label: ok
# flax-error: none
# class: 3 an Evaluator owns an nnx.MultiMetric; the raw jax.lax.scan body over eval batches returns losses and logits as ys and the metrics are updated after the loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Classifier(nnx.Module):
    def __init__(self, rngs):
        self.body = nnx.Linear(10, 16, rngs=rngs)
        self.head = nnx.Linear(16, 3, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.body(x)))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"),
            accuracy=nnx.metrics.Accuracy(),
        )

    def evaluate(self, xs, labels):
        self.model.eval()

        def body(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=-1))
            return carry, (loss, logits)

        _, (losses, logits) = jax.lax.scan(body, None, (xs, labels))
        self.metrics.update(loss=losses, logits=logits.reshape(-1, 3), labels=labels.reshape(-1))
        return self.metrics.compute()


def main():
    xs = jnp.ones((3, 4, 10))
    labels = jnp.zeros((3, 4), dtype=jnp.int32)
    Evaluator(Classifier(nnx.Rngs(0))).evaluate(xs, labels)
    return None
