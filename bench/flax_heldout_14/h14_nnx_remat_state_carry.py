# label: ok
# flax-error: none
# class: 4 raw scan body wrapped with jax.checkpoint; the model state is split outside, carried, merged inside and returned
import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, d, rngs):
        self.fc = nnx.Linear(d, d, rngs=rngs)
        self.bn = nnx.BatchNorm(d, rngs=rngs)

    def __call__(self, x):
        return x + nnx.relu(self.bn(self.fc(x)))


def deep_unroll(block, x, depth):
    graphdef, state = nnx.split(block)

    @jax.checkpoint
    def body(carry, _):
        state, h = carry
        blk = nnx.merge(graphdef, state)
        h = blk(h)
        return (nnx.state(blk), h), h.mean()

    (state, h), means = jax.lax.scan(body, (state, x), None, length=depth)
    nnx.update(block, state)
    return h, means


def main():
    block = Block(4, nnx.Rngs(0))
    h, means = deep_unroll(block, jnp.ones((5, 4)), 6)
    stats = jax.tree.map(lambda a: a + 0, nnx.state(block, nnx.BatchStat))
    return None
