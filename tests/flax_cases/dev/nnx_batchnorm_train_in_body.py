# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 NNX residual stack scanned over depth with an outside nnx.BatchNorm in training mode
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
    model.train()
    model(jnp.ones((8, 4)))
