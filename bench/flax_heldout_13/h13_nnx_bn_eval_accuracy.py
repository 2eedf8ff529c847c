# label: ok
# flax-error: none
# class: 3 model.eval() is called before an evaluation helper whose raw lax.scan body runs the BatchNorm model over test batches
import jax
import jax.numpy as jnp
from flax import nnx


class ConvNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.fc = nnx.Linear(8, 10, rngs=rngs)

    def __call__(self, x):
        h = nnx.relu(self.bn(self.conv(x)))
        return self.fc(self.drop(h.mean(axis=(1, 2))))


def _batch_accuracy(model, images, labels):
    return jnp.mean(jnp.argmax(model(images), -1) == labels)


def evaluate(model, images, labels):
    def body(acc, batch):
        return acc + _batch_accuracy(model, *batch), None

    total, _ = jax.lax.scan(body, 0.0, (images, labels))
    return total / images.shape[0]


def main():
    model = ConvNet(nnx.Rngs(0))
    images = jax.random.normal(jax.random.key(1), (4, 2, 6, 6, 1))
    labels = jnp.zeros((4, 2), jnp.int32)
    model.eval()
    float(evaluate(model, images, labels))
    return None
