# label: ok
# flax-error: none
# class: 2 the fori_loop body calls the enclosing function's local model, switched to model.eval() before the loop
"""Test-set loop over an NNX CNN with BatchNorm, written with lax.fori_loop.

Twin of h221_nnx_bn_test_loop: model.eval() is called before the loop, so
BatchNorm only reads its running statistics inside the body.
"""
import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


class CNN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(8, rngs=rngs)
        self.head = nnx.Linear(8, 10, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn(self.conv(x)))
        return self.head(x.mean(axis=(1, 2)))


def evaluate(model, images, labels):
    model.eval()

    def body(i, totals):
        correct, loss = totals
        logits = model(images[i])
        loss = loss + jnp.mean(
            -jnp.take_along_axis(jax.nn.log_softmax(logits), labels[i][:, None], -1))
        correct = correct + jnp.sum(jnp.argmax(logits, -1) == labels[i])
        return correct, loss

    correct, loss = lax.fori_loop(0, images.shape[0], body, (0, 0.0))
    n = images.shape[0] * images.shape[1]
    return correct / n, loss / images.shape[0]


def main():
    model = CNN(nnx.Rngs(0))
    images = jax.random.normal(jax.random.key(1), (3, 4, 8, 8, 1))
    labels = jax.random.randint(jax.random.key(2), (3, 4), 0, 10)
    acc, loss = evaluate(model, images, labels)
    print(float(acc), float(loss))
    return None
