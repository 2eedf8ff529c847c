# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 nnx.BatchNorm in train mode inside a model closed over by the raw scan body (BatchStat written)
"""Test-time adaptation in NNX: run test batches through a train-mode model inside lax.scan."""
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
    model.train()
    batches = jnp.ones((3, 4, 5))

    def adapt(carry, batch):
        return carry, model(batch).argmax(-1)

    _, preds = lax.scan(adapt, None, batches)
    return None
