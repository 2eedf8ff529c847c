# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 a compact nn.Dense declared before a raw lax.while_loop is first called, so its params are created, inside the body during init
"""Deep-equilibrium / fixed-point layer: iterate z = f(z, x) with lax.while_loop until converged;
the user defines the Dense inside the loop body, so it is created inside the loop at init."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class FixedPoint(nn.Module):
    features: int = 4
    max_iter: int = 20

    @nn.compact
    def __call__(self, x):
        f = nn.Dense(self.features, name="f")

        def cond(state):
            i, z, z_prev = state
            return (i < self.max_iter) & (jnp.max(jnp.abs(z - z_prev)) > 1e-4)

        def body(state):
            i, z, _ = state
            return i + 1, jnp.tanh(f(z) * 0.5 + x), z

        z0 = jnp.zeros(x.shape[:-1] + (self.features,))
        _, z, _ = jax.lax.while_loop(cond, body, (0, z0, z0 + 1.0))
        return z


def main():
    model = FixedPoint()
    x = jnp.ones((2, 4))
    variables = model.init(jax.random.PRNGKey(0), x)
    z = model.apply(variables, x)
    z.block_until_ready()
    return None
