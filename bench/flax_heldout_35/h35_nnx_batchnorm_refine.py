# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 fori_loop body calls the outside model in train mode, so its nnx.BatchNorm writes batch statistics from inside the loop
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop


class Block(nnx.Module):
    def __init__(self, dim, rngs):
        self.linear = nnx.Linear(dim, dim, rngs=rngs)
        self.bn = nnx.BatchNorm(dim, momentum=0.9, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.bn(self.linear(x)))


def main():
    model = Block(4, nnx.Rngs(0))
    model.train()
    x = jnp.linspace(-1.0, 1.0, 12).reshape(3, 4)
    y = fori_loop(0, 4, lambda i, h: model(h), x)
    y.block_until_ready()
    return None
