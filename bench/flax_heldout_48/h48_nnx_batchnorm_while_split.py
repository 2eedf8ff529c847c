# label: ok
# flax-error: none
# class: 2 the BatchNorm statistics are nnx.split into the raw lax.while_loop carry, merged in the body and split back out
"""The while_loop after the fix: the model's state is part of the carry."""
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
    graphdef, state = nnx.split(model)

    def cond(c):
        i, delta, _ = c
        return (i < 4) & (delta > 1e-4)

    def body(c):
        i, _, state = c
        m = nnx.merge(graphdef, state)
        before = m.bn.mean.value
        m(data)
        delta = jnp.abs(m.bn.mean.value - before).max()
        return i + 1, delta, nnx.state(m)

    i, delta, state = lax.while_loop(cond, body, (0, jnp.inf, state))
    nnx.update(model, state)
    jax.block_until_ready(delta)
    return None
