# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 a Langevin sampler whose inline fori_loop body draws from an nnx.Rngs noise stream built in the same function
import jax
import jax.numpy as jnp
from flax import nnx


class ScoreNet(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.l1 = nnx.Linear(dim + 1, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, dim, rngs=rngs)

    def __call__(self, x, sigma):
        h = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), sigma)], axis=-1)
        return self.l2(nnx.silu(self.l1(h)))


def main():
    score = ScoreNet(2, rngs=nnx.Rngs(0))
    rngs = nnx.Rngs(noise=42)
    step_size, sigma = 1e-2, 0.5
    x0 = jnp.zeros((8, 2))

    def langevin(i, x):
        z = jax.random.normal(rngs.noise(), x.shape)
        return x + step_size * score(x, sigma) + jnp.sqrt(2 * step_size) * z

    x = jax.lax.fori_loop(0, 10, langevin, x0)
    x.block_until_ready()
    return None
