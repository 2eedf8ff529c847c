# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 rngs.noise() drawn directly in the inline raw fori_loop body of a Langevin sampler
import jax
import jax.numpy as jnp
from flax import nnx


class Score(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, x):
        return -x + 0.1 * self.lin(x)


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    score = Score(3, rngs)
    eps = 0.01

    def body(i, x):
        z = jax.random.normal(rngs.noise(), x.shape)
        return x + eps * score(x) + jnp.sqrt(2 * eps) * z

    x = jax.lax.fori_loop(0, 20, body, jnp.zeros(3))
    return None
