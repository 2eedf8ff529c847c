# label: ok
# flax-error: none
# class: 5 the same NNX residual stack with BatchNorm switched to eval mode before the scan
import jax
import jax.numpy as jnp
from flax import nnx


class ResidualStack(nnx.Module):
    def __init__(self, dim, depth, rngs):
        self.depth = depth
        self.lin = nnx.Linear(dim, dim, rngs=rngs)
        self.norm = nnx.BatchNorm(dim, rngs=rngs)

    def __call__(self, x):
        def block(h, _):
            return h + nnx.relu(self.norm(self.lin(h))), None

        h, _ = jax.lax.scan(block, x, None, length=self.depth)
        return h


def main():
    model = ResidualStack(4, 3, nnx.Rngs(0))
    model.eval()
    model(jnp.ones((8, 4)))
