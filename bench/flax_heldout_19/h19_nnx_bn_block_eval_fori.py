# label: ok
# flax-error: none
# class: 2 the lax.fori_loop body of a module method calls self.block, whose nnx.BatchNorm runs in eval mode
"""Iterated smoothing block applied with `jax.lax.fori_loop` at inference time.

Modelled on BatchNorm-in-loop reports (patrick-kidger/equinox#237, google/flax#2052) and the
NNX closure rules of google/flax#4333: the block is applied a fixed number of times after
`model.eval()`, so normalisation uses the stored statistics.
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
    model.eval()
    x = jax.random.normal(jax.random.key(1), (8, 5))
    y = model.iterate(x, 3)
    y.block_until_ready()
    return None
