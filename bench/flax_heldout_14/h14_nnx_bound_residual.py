# label: ok
# flax-error: none
# class: 3 a bound method of a read-only NNX module (solver.residual) is taken before the loop and called in the raw while_loop body
import jax
import jax.numpy as jnp
from flax import nnx


class ImplicitLayer(nnx.Module):
    """z = tanh(W z + U x); solved with damped Picard iteration."""

    def __init__(self, dim, rngs):
        self.W = nnx.Linear(dim, dim, use_bias=False,
                            kernel_init=nnx.initializers.normal(0.1), rngs=rngs)
        self.U = nnx.Linear(dim, dim, rngs=rngs)

    def residual(self, z, x):
        return jnp.tanh(self.W(z) + self.U(x)) - z


def solve(layer, x, tol=1e-5, max_iter=200, damping=0.7):
    g = layer.residual

    def cond(state):
        z, r, i = state
        return (jnp.linalg.norm(r) > tol) & (i < max_iter)

    def body(state):
        z, r, i = state
        z = z + damping * r
        return z, g(z, x), i + 1

    z0 = jnp.zeros_like(x)
    z, r, n = jax.lax.while_loop(cond, body, (z0, g(z0, x), 0))
    return z, n


def main():
    layer = ImplicitLayer(5, nnx.Rngs(0))
    x = jnp.linspace(-1, 1, 5)
    z, n = solve(layer, x)
    jax.block_until_ready(z)
    return None
