# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an nnx.BatchNorm model in train mode is closed over by the raw fori_loop body
"""'lax.fori_loop with BatchNorm' (NNX): warming up BatchNorm running statistics over a few
batches with jax.lax.fori_loop before evaluation."""
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(3, 6, rngs=rngs)
        self.bn = nnx.BatchNorm(6, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.lin(x)))


def main():
    model = Net(nnx.Rngs(0))
    model.train()
    data = jnp.cos(jnp.arange(5 * 4 * 3, dtype=jnp.float32)).reshape(5, 4, 3)

    def body(i, acc):
        return acc + model(data[i]).mean()

    acc = jax.lax.fori_loop(0, 5, body, 0.0)
    model.eval()
    model(data[0]).block_until_ready()
    return None
