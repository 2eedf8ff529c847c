# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 NNX BatchNorm in training mode on a model closed over by a raw jax.lax.scan over micro-batches
"""Gradient accumulation over micro-batches with a raw scan; the forward pass runs the NNX model
(with BatchNorm in train mode) directly on the closed-over instance."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Net(nnx.Module):
    def __init__(self, rngs):
        self.lin = nnx.Linear(6, 8, rngs=rngs)
        self.bn = nnx.BatchNorm(8, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.bn(self.lin(x))))


def main():
    model = Net(nnx.Rngs(0))
    model.train()
    xs = jnp.ones((3, 4, 6))

    def body(total, x):
        return total + model(x).mean(), None

    total, _ = scan(body, 0.0, xs)
    print(total)
    return None
