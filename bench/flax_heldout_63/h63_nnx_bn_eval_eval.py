# label: ok
# flax-error: none
# class: 1 a CNN with BatchNorm and Dropout, switched to model.eval() first, is closed over and called read-only in the scan body
"""NNX evaluation over the test set with jax.lax.scan, after model.eval()."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class CNN(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.conv = nnx.Conv(1, 8, kernel_size=(3, 3), rngs=rngs)
        self.bn = nnx.BatchNorm(8, rngs=rngs)
        self.dropout = nnx.Dropout(0.5, rngs=rngs)
        self.head = nnx.Linear(8, 10, rngs=rngs)

    def __call__(self, x):
        x = nnx.relu(self.bn(self.conv(x)))
        x = self.dropout(x.mean((1, 2)))
        return self.head(x)


def main():
    model = CNN(nnx.Rngs(0))
    model.eval()
    images = jax.random.normal(jax.random.key(1), (4, 8, 8, 8, 1))
    labels = jax.random.randint(jax.random.key(2), (4, 8), 0, 10)

    def eval_batch(correct, batch):
        x, y = batch
        logits = model(x)
        return correct + jnp.sum(jnp.argmax(logits, -1) == y), None

    correct, _ = lax.scan(eval_batch, jnp.array(0), (images, labels))
    float(correct) / labels.size
    return None
