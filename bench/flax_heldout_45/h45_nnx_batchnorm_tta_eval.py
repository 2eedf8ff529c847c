# label: ok
# flax-error: none
# class: 1 same closed-over model in eval mode: the raw scan body only reads BatchStat
"""Prediction over test batches with the model in eval mode; nothing is written inside the scan."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Net(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(5, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(8, 2, rngs=rngs)

    def __call__(self, x):
        return self.head(self.bn(self.lin(x)))


def main():
    model = Net(nnx.Rngs(0))
    model.eval()
    batches = jnp.ones((3, 4, 5))

    def adapt(carry, batch):
        return carry, model(batch).argmax(-1)

    _, preds = lax.scan(adapt, None, batches)
    return None
