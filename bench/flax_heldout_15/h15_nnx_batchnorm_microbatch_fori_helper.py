# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 fori_loop body calls a helper loss function on the captured train-mode model with nnx.BatchNorm
import jax
import jax.numpy as jnp
from flax import nnx


class ConvNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(8, 10, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn(self.conv(x)))
        return self.head(x.mean(axis=(1, 2)))


def batch_loss(model, images, labels):
    logits = model(images)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], 1))


def accumulated_loss(model, images, labels, num_micro):
    imgs = images.reshape((num_micro, -1) + images.shape[1:])
    labs = labels.reshape((num_micro, -1))

    def body(i, total):
        return total + batch_loss(model, imgs[i], labs[i])

    return jax.lax.fori_loop(0, num_micro, body, 0.0) / num_micro


def main():
    model = ConvNet(nnx.Rngs(0))
    images = jax.random.normal(jax.random.key(1), (8, 6, 6, 1))
    labels = jnp.arange(8) % 10
    accumulated_loss(model, images, labels, num_micro=4)
    return None
