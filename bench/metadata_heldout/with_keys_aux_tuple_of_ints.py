# label: ok
# jax-error: none
# class: 1 register_pytree_with_keys class keeps a tuple of Python int block sizes in aux data
import jax
import jax.numpy as jnp
import jax.tree_util as jtu


class BlockDiagonal:
    def __init__(self, blocks, sizes):
        self.blocks = blocks
        self.sizes = sizes


def block_flatten_with_keys(bd):
    return [(jtu.GetAttrKey("blocks"), bd.blocks)], bd.sizes


def block_unflatten(sizes, children):
    return BlockDiagonal(children[0], sizes)


jtu.register_pytree_with_keys(BlockDiagonal, block_flatten_with_keys, block_unflatten)


@jax.jit
def block_trace(bd):
    return sum(jnp.trace(b) for b in bd.blocks)


def main():
    for step in range(3):
        blocks = [jnp.eye(2) * step, jnp.eye(3)]
        block_trace(BlockDiagonal(blocks, tuple(b.shape[0] for b in blocks)))
