# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a jax.checkpoint-wrapped scan body loops over a Python list of blocks whose nnx.BatchNorm runs in train mode
"""Weight-tied deep tower: a list of residual blocks applied `repeats` times under `jax.checkpoint`.

Modelled on google/flax#4819 (`nnx.remat` / scan-over-layers combined with a loop) and the
"scan over layers" section of the Linen-to-NNX guide (google/flax#4289): a hand-written
`jax.lax.scan` over repeats whose rematerialised body walks a list of blocks.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class ResBlock(nnx.Module):
    def __init__(self, width, *, rngs: nnx.Rngs):
        self.lin = nnx.Linear(width, width, rngs=rngs)
        self.norm = nnx.BatchNorm(width, rngs=rngs)

    def __call__(self, h):
        return h + nnx.relu(self.norm(self.lin(h)))


class Tower(nnx.Module):
    def __init__(self, width, depth, *, rngs: nnx.Rngs):
        self.blocks = nnx.List([ResBlock(width, rngs=rngs) for _ in range(depth)])

    def __call__(self, x, repeats: int):
        @jax.checkpoint
        def body(h, _):
            for block in self.blocks:
                h = block(h)
            return h, None

        h, _ = jax.lax.scan(body, x, None, length=repeats)
        return h


def main():
    model = Tower(4, 3, rngs=nnx.Rngs(0))
    model.train()
    x = jax.random.normal(jax.random.key(1), (6, 4))
    y = model(x, 2)
    y.block_until_ready()
    return None
