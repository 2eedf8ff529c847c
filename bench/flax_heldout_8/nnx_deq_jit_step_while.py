# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the while_loop body calls an nnx.jit-decorated helper that only reads the layer (no writes)
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ImplicitLayer(nnx.Module):
    def __init__(self, dim, rngs):
        self.W = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
        self.U = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, z, x):
        return jnp.tanh(0.5 * self.W(z) + self.U(x))


@nnx.jit
def fixed_point_update(layer, z, x):
    return layer(z, x)


def solve(layer, x, tol=1e-5, max_iter=50):
    def not_converged(state):
        i, z, err = state
        return (err > tol) & (i < max_iter)

    def iterate(state):
        i, z, _ = state
        z_new = fixed_point_update(layer, z, x)
        return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

    _, z, _ = lax.while_loop(not_converged, iterate, (0, jnp.zeros_like(x), jnp.inf))
    return z


def main():
    layer = ImplicitLayer(6, nnx.Rngs(0))
    z = solve(layer, jnp.ones((2, 6)))
    print(z)
    return None
