# label: trace-context
# flax-error: TraceContextError: Cannot mutate Counter from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 an NNX module with a counter Variable is called inside the raw while_loop body
"""A deep-equilibrium layer whose NNX module counts function evaluations in an nnx.Variable;
the fixed-point iteration is a raw jax.lax.while_loop."""
import jax
import jax.numpy as jnp
from flax import nnx


class Counter(nnx.Variable):
    pass


class DEQCell(nnx.Module):
    def __init__(self, dim, rngs):
        self.w = nnx.Linear(dim, dim, rngs=rngs)
        self.nfe = Counter(jnp.array(0))

    def __call__(self, z, x):
        self.nfe.value += 1
        return jnp.tanh(0.5 * self.w(z) + x)


def main():
    cell = DEQCell(4, nnx.Rngs(0))
    x = jnp.ones((2, 4))

    def cond(state):
        z, z_prev, it = state
        return (jnp.max(jnp.abs(z - z_prev)) > 1e-4) & (it < 50)

    def body(state):
        z, _, it = state
        return cell(z, x), z, it + 1

    z, _, _ = jax.lax.while_loop(cond, body, (x, jnp.zeros_like(x), 0))
    z.block_until_ready()
    return None
