# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the nn.Dense of the implicit layer is first called inside a raw lax.while_loop body, so init creates its params inside the loop trace
"""Deep equilibrium (DEQ) layer: z* = tanh(W z* + U x) found by fixed-point iteration in a
lax.while_loop until the update is below a tolerance. The Dense used for W z is created in
the compact method and first called inside the loop body."""
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class DEQLayer(nn.Module):
    features: int = 16
    max_iter: int = 30
    tol: float = 1e-4

    @nn.compact
    def __call__(self, x):
        f = nn.Dense(self.features, use_bias=False, name="W")
        u = nn.Dense(self.features, name="U")(x)

        def cond(carry):
            z, z_prev, i = carry
            return (i < self.max_iter) & (jnp.max(jnp.abs(z - z_prev)) > self.tol)

        def body(carry):
            z, _, i = carry
            return jnp.tanh(f(z) + u), z, i + 1

        z0 = jnp.zeros(x.shape[:-1] + (self.features,))
        z, _, _ = lax.while_loop(cond, body, (z0, z0 + 1.0, 0))
        return z


def main():
    model = DEQLayer()
    x = jnp.ones((4, 8))
    variables = model.init(jax.random.PRNGKey(0), x)
    z = model.apply(variables, x)
    z.block_until_ready()
