# label: ok
# flax-error: none
# class: 1 an NNX module's depth loop is a raw scan returning each layer's activation as ys, sown once after the loop
import jax
import jax.numpy as jnp
from flax import nnx


class UniversalTransformerBlock(nnx.Module):
    def __init__(self, dim, depth, rngs: nnx.Rngs):
        self.mix = nnx.Linear(dim, dim, rngs=rngs)
        self.norm = nnx.LayerNorm(dim, rngs=rngs)
        self.depth = depth

    def __call__(self, x):
        def layer(h, _):
            h = h + nnx.gelu(self.mix(self.norm(h)))
            return h, h

        h, per_depth = jax.lax.scan(layer, x, None, length=self.depth)
        self.sow(nnx.Intermediate, "per_depth", per_depth)
        return h


def main():
    block = UniversalTransformerBlock(8, 3, nnx.Rngs(0))
    block(jnp.ones((2, 8)))
    print(jax.tree.map(jnp.shape, nnx.state(block, nnx.Intermediate)))
    return None
