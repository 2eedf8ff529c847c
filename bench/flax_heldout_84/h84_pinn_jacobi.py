# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 closure inside @nn.compact runs Jacobi sweeps and calls a correction Dense stack first created inside the scan body
"""Learned-correction Jacobi solver for a 1-D Poisson problem (PINN-style hybrid solver)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class CorrectedJacobi(nn.Module):
    hidden: int = 32
    n_sweeps: int = 8

    @nn.compact
    def __call__(self, f, u0):
        h = 1.0 / (f.shape[-1] + 1)
        correction = nn.Sequential([nn.Dense(self.hidden), nn.tanh, nn.Dense(f.shape[-1])])

        def sweep(u, _):
            left = jnp.pad(u, (1, 0))[:-1]
            right = jnp.pad(u, (0, 1))[1:]
            u_new = 0.5 * (left + right + h * h * f)
            u_new = u_new + 0.01 * correction(jnp.concatenate([u_new, f]))
            return u_new, None

        u, _ = jax.lax.scan(sweep, u0, None, length=self.n_sweeps)
        return u


def main():
    n = 16
    xs = jnp.linspace(0.0, 1.0, n + 2)[1:-1]
    f = jnp.sin(jnp.pi * xs)
    model = CorrectedJacobi()
    variables = model.init(jax.random.PRNGKey(0), f, jnp.zeros(n))
    u = model.apply(variables, f, jnp.zeros(n))
    print(float(jnp.abs(u).max()))
    return None
