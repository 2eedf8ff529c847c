# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 the lax.fori_loop body of a module method calls self.block, whose nnx.BatchNorm runs in train mode
"""Iterated smoothing block whose normalisation statistics are gathered in training mode.

Modelled on users moving NNX models with BatchNorm into raw JAX loops (the BatchNorm-in-scan
reports such as patrick-kidger/equinox#237 and google/flax#2052, and the NNX closure rules of
google/flax#4333): the block is applied a fixed number of times with `jax.lax.fori_loop`.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Smoother(nnx.Module):
    def __init__(self, width, *, rngs: nnx.Rngs):
        self.lin = nnx.Linear(width, width, rngs=rngs)
        self.bn = nnx.BatchNorm(width, momentum=0.9, rngs=rngs)

    def block(self, h):
        return nnx.relu(self.bn(self.lin(h)))

    def iterate(self, x, n: int):
        def body(i, h):
            return self.block(h)

        return jax.lax.fori_loop(0, n, body, x)


def main():
    model = Smoother(5, rngs=nnx.Rngs(0))
    model.train()
    x = jax.random.normal(jax.random.key(1), (8, 5))
    y = model.iterate(x, 3)
    y.block_until_ready()
    return None
