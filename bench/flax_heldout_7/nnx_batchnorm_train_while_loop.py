# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 a BatchNorm model in train mode, passed to the solver function, called inside a raw while_loop body
import jax
import jax.numpy as jnp
from flax import nnx


class NormedMap(nnx.Module):
    def __init__(self, dim, rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)
        self.bn = nnx.BatchNorm(dim, rngs=rngs)

    def __call__(self, z):
        return jnp.tanh(self.bn(self.lin(z)))


def solve_fixed_point(f, z0, tol=1e-4, max_iter=30):
    def cond(state):
        i, z, err = state
        return (i < max_iter) & (err > tol)

    def body(state):
        i, z, _ = state
        z_new = f(z)
        return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

    return jax.lax.while_loop(cond, body, (0, z0, jnp.inf))[1]


def main():
    f = NormedMap(5, nnx.Rngs(0))
    f.train()
    z = solve_fixed_point(f, jnp.ones((8, 5)))
    z.block_until_ready()
    return None
