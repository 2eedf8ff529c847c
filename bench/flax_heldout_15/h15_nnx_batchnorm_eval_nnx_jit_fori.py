# label: ok
# flax-error: none
# class: 3 nnx.jit evaluation function whose fori_loop body calls a helper on the model put in eval() mode before the loop
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


def batch_correct(model, images, labels):
    return jnp.sum(jnp.argmax(model(images), -1) == labels)


@nnx.jit(static_argnames="num_batches")
def evaluate(model, images, labels, num_batches):
    imgs = images.reshape((num_batches, -1) + images.shape[1:])
    labs = labels.reshape((num_batches, -1))

    def body(i, correct):
        return correct + batch_correct(model, imgs[i], labs[i])

    return jax.lax.fori_loop(0, num_batches, body, 0) / labels.shape[0]


def main():
    model = ConvNet(nnx.Rngs(0))
    model.eval()
    images = jax.random.normal(jax.random.key(1), (8, 6, 6, 1))
    labels = jnp.arange(8) % 10
    evaluate(model, images, labels, num_batches=4)
    return None
