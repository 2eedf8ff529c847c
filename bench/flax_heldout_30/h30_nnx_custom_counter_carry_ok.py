# label: ok
# flax-error: none
# class: 1 the iteration count is carried through the raw while_loop state and written to the custom nnx.Variable subclass after the loop
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class NumIters(nnx.Variable):
    pass


class ImplicitLayer(nnx.Module):
    def __init__(self, dim, rngs):
        self.lin = nnx.Linear(dim, dim, rngs=rngs)
        self.iters = NumIters(jnp.array(0))

    def __call__(self, x, tol=1e-4, max_iter=30):
        def cond(state):
            z, delta, n = state
            return (delta > tol) & (n < max_iter)

        def body(state):
            z, _, n = state
            z_new = jnp.tanh(0.5 * self.lin(z) + x)
            return z_new, jnp.max(jnp.abs(z_new - z)), n + 1

        z, _, n = lax.while_loop(cond, body, (jnp.zeros_like(x), jnp.inf, 0))
        self.iters.value += n
        return z


def main():
    layer = ImplicitLayer(3, nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (2, 3))
    z = layer(x)
    print(z, layer.iters.value)
    return None
