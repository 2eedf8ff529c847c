# label: ok
# flax-error: none
# class: 1 NNX BatchNorm model split before a raw jax.lax.scan, merged in the body, batch stats carried
"""Gradient-accumulation style pass over micro-batches with a raw scan; the model is split, the
body merges it and returns the new state (with updated BatchStat) in the carry."""
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
    graphdef, state = nnx.split(model)

    def body(carry, x):
        total, state = carry
        m = nnx.merge(graphdef, state)
        total = total + m(x).mean()
        return (total, nnx.state(m)), None

    (total, state), _ = scan(body, (0.0, state), xs)
    nnx.update(model, state)
    print(total)
    return None
