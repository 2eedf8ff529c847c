# label: ok
# flax-error: none
# class: 3 the scan body reads self.model of the Evaluator; losses and logits leave as scan outputs and self.metrics is updated after the loop
"""Test-set evaluation with nnx.MultiMetric (loss average and accuracy).  The
batches are pre-stacked so the whole evaluation is one jax.lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class CNN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 4, kernel_size=(3, 3), rngs=rngs)
        self.fc = nnx.Linear(4, 10, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.conv(x))
        return self.fc(x.mean(axis=(1, 2)))


class Evaluator:
    def __init__(self, model):
        self.model = model
        self.metrics = nnx.MultiMetric(
            loss=nnx.metrics.Average("loss"), accuracy=nnx.metrics.Accuracy()
        )

    def run(self, images, labels):
        def body(carry, batch):
            x, y = batch
            logits = self.model(x)
            loss = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], -1))
            return carry, (loss, logits)

        _, (losses, logits) = jax.lax.scan(body, None, (images, labels))
        self.metrics.update(loss=losses, logits=logits.reshape(-1, 10), labels=labels.reshape(-1))
        return self.metrics.compute()


def main():
    images = jax.random.normal(jax.random.key(0), (3, 4, 8, 8, 1))
    labels = jax.random.randint(jax.random.key(1), (3, 4), 0, 10)
    results = Evaluator(CNN(nnx.Rngs(0))).run(images, labels)
    return None
