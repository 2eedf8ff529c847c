# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Block' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 NNX model with an nnx.List of blocks that sow activations while iterated in a raw scan
"""Shape from NNX probing code (`self.sow(nnx.Intermediate, ...)` in a block) where a weight-tied
block list is applied repeatedly with jax.lax.scan (universal-transformer style)."""
import jax
import jax.numpy as jnp
from flax import nnx


class Block(nnx.Module):
    def __init__(self, d, *, rngs: nnx.Rngs):
        self.lin = nnx.Linear(d, d, rngs=rngs)
        self.norm = nnx.LayerNorm(d, rngs=rngs)

    def __call__(self, x):
        y = self.norm(x + nnx.gelu(self.lin(x)))
        self.sow(nnx.Intermediate, "act_norm", jnp.linalg.norm(y))
        return y


class TiedStack(nnx.Module):
    def __init__(self, d, n_blocks, *, rngs: nnx.Rngs):
        self.blocks = nnx.List([Block(d, rngs=rngs) for _ in range(n_blocks)])

    def __call__(self, x, n_loops):
        def loop(h, _):
            for blk in self.blocks:
                h = blk(h)
            return h, None

        h, _ = jax.lax.scan(loop, x, None, length=n_loops)
        return h


def main():
    model = TiedStack(4, 2, rngs=nnx.Rngs(0))
    y = model(jnp.ones((2, 4)), 3)
    acts = nnx.pop(model, nnx.Intermediate)
    jax.block_until_ready(jax.tree.leaves(acts))
    return None
