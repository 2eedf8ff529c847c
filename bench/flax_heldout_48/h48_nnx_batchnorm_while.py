# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 an nnx.BatchNorm in training mode (running stats updated in place) is called inside a raw lax.while_loop body
"""Warm-up of BatchNorm running statistics until they settle, written as a while_loop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Net(nnx.Module):
    def __init__(self, rngs):
        self.conv = nnx.Linear(3, 16, rngs=rngs)
        self.bn = nnx.BatchNorm(16, momentum=0.9, rngs=rngs)
        self.head = nnx.Linear(16, 2, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.bn(self.conv(x))))


def main():
    model = Net(nnx.Rngs(0))
    model.train()
    data = jax.random.normal(jax.random.key(1), (8, 3))

    def cond(c):
        i, delta = c
        return (i < 4) & (delta > 1e-4)

    def body(c):
        i, _ = c
        before = model.bn.mean.value
        model(data)
        return i + 1, jnp.abs(model.bn.mean.value - before).max()

    i, delta = lax.while_loop(cond, body, (0, jnp.inf))
    jax.block_until_ready(delta)
    return None
