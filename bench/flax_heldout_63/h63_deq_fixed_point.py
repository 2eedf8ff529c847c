# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 nn.Dense submodules are created and first called inside the body of a raw jax.lax.while_loop in a compact __call__
"""Deep-equilibrium layer: iterate z = f(z, x) to a fixed point with jax.lax.while_loop."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DEQBlock(nn.Module):
    features: int = 8
    tol: float = 1e-4
    max_iter: int = 30

    @nn.compact
    def __call__(self, x):
        def cond(state):
            i, z, err = state
            return (err > self.tol) & (i < self.max_iter)

        def body(state):
            i, z, _ = state
            z_new = jnp.tanh(nn.Dense(self.features, name="wz")(z) + nn.Dense(self.features, name="wx")(x))
            return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

        z0 = jnp.zeros(x.shape[:-1] + (self.features,))
        _, z, _ = jax.lax.while_loop(cond, body, (0, z0, jnp.inf))
        return z


def main():
    model = DEQBlock()
    x = jnp.ones((3, 4))
    variables = model.init(jax.random.key(0), x)
    z = model.apply(variables, x)
    z.block_until_ready()
    return None
