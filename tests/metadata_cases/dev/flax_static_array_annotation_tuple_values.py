# label: ok
# jax-error: none
# class: 2 static field annotated jax.Array whose default and every construction use a tuple of ints
import jax
import jax.numpy as jnp
from flax import struct


class Pooling(struct.PyTreeNode):
    scale: jax.Array
    window: jax.Array = struct.field(pytree_node=False, default=(2, 2))


@jax.jit
def pool(op, images):
    h, w = op.window
    n, height, width = images.shape
    blocks = images.reshape(n, height // h, h, width // w, w)
    return op.scale * blocks.mean(axis=(2, 4))


def main():
    images = jnp.ones((1, 4, 4))
    for scale in (1.0, 2.0):
        pool(Pooling(jnp.float32(scale)), images)
    pool(Pooling(jnp.float32(3.0), window=(2, 2)), images)
