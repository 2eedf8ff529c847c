# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an Evaluator object holds the model; its scan body calls self.model on each batch while BatchNorm is still in training mode
import jax
import jax.numpy as jnp
from flax import nnx


class ConvNet(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 4, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(4, rngs=rngs)
        self.head = nnx.Linear(4, 3, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.bn(self.conv(x)))
        return self.head(h.mean(axis=(1, 2)))


class Evaluator:
    def __init__(self, model):
        self.model = model

    def _batch_metrics(self, carry, batch):
        images, labels = batch
        logits = self.model(images)
        correct = jnp.sum(jnp.argmax(logits, -1) == labels)
        return carry + correct, correct

    def accuracy(self, images, labels):
        total, _ = jax.lax.scan(self._batch_metrics, jnp.array(0), (images, labels))
        return total / (images.shape[0] * images.shape[1])


def main():
    model = ConvNet(rngs=nnx.Rngs(0))
    images = jax.random.normal(jax.random.key(1), (3, 4, 6, 6, 1))
    labels = jax.random.randint(jax.random.key(2), (3, 4), 0, 3)
    model(images[0])  # one warm-up training-mode pass
    acc = Evaluator(model).accuracy(images, labels)
    print("eval accuracy", float(acc))
    return None
