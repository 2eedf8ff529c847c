# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'UniversalTransformerBlock' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an NNX module's depth loop is a raw scan whose body sows each layer's activation on the module
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
            self.sow(nnx.Intermediate, "per_depth", h)
            return h, None

        h, _ = jax.lax.scan(layer, x, None, length=self.depth)
        return h


def main():
    block = UniversalTransformerBlock(8, 3, nnx.Rngs(0))
    block(jnp.ones((2, 8)))
    print(jax.tree.map(jnp.shape, nnx.state(block, nnx.Intermediate)))
    return None
