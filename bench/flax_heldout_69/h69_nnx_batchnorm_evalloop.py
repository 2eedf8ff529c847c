# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 model in training mode closed over by a scan body over evaluation batches; BatchNorm updates its stats
"""Evaluation loop over test batches with jax.lax.scan; the user forgot to switch the NNX model
to eval mode after training."""
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
    batches = jnp.ones((4, 5, 6))
    labels = jnp.zeros((4, 5), jnp.int32)

    def eval_step(correct, batch):
        x, y = batch
        pred = model(x).argmax(-1)
        return correct + jnp.sum(pred == y), None

    correct, _ = lax.scan(eval_step, 0, (batches, labels))
    print(correct / labels.size)
    return None
