# label: ok
# flax-error: none
# class: 1 model switched to eval mode before the scan; the body closes over it and only reads params and stats
"""Evaluation loop over test batches with jax.lax.scan, after calling model.eval() so BatchNorm
uses its running averages."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Net(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(6, 12, rngs=rngs)
        self.bn = nnx.BatchNorm(12, rngs=rngs)
        self.head = nnx.Linear(12, 2, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.bn(self.lin(x))))


def main():
    model = Net(nnx.Rngs(0))
    model.eval()
    batches = jnp.ones((4, 5, 6))
    labels = jnp.zeros((4, 5), jnp.int32)

    def eval_step(correct, batch):
        x, y = batch
        pred = model(x).argmax(-1)
        return correct + jnp.sum(pred == y), None

    correct, _ = lax.scan(eval_step, 0, (batches, labels))
    print(correct / labels.size)
    return None
