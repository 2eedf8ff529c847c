# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the parent's `__init__` hands its nnx.BatchNorm (training mode by default) to a block's constructor as `self.norm`; the block's scan body calls it
"""A block normalising a running sum over its inputs with a BatchNorm its parent built and
handed to it, the sum taken with jax.lax.scan."""
import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, norm):
        self.norm = norm

    def __call__(self, xs):
        def step(h, x):
            return self.norm(h + x), h
        return jax.lax.scan(step, jnp.zeros((2, 4)), xs)[0]


class Model(nnx.Module):
    def __init__(self, rngs):
        self.norm = nnx.BatchNorm(4, rngs=rngs)
        self.block = Block(self.norm)


def main():
    model = Model(nnx.Rngs(0))
    out = model.block(jnp.ones((3, 2, 4)))
    jax.tree.map(lambda a: a + 0, out)
    jax.tree.map(lambda a: a + 0, model.norm.mean[...])
