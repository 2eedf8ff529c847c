# label: trace-context
# flax-error: TraceContextError: Cannot mutate NumIters from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 a custom nnx.Variable subclass held by the module is incremented inline in the raw while_loop body
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
            z, delta = state
            return delta > tol

        def body(state):
            z, _ = state
            z_new = jnp.tanh(0.5 * self.lin(z) + x)
            self.iters.value += 1
            return z_new, jnp.max(jnp.abs(z_new - z))

        z, _ = lax.while_loop(cond, body, (jnp.zeros_like(x), jnp.inf))
        return z


def main():
    layer = ImplicitLayer(3, nnx.Rngs(0))
    x = jax.random.normal(jax.random.key(1), (2, 3))
    z = layer(x)
    print(z, layer.iters.value)
    return None
