# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 module method self._iterate is the lax.while_loop body and appends residuals to a plain list attribute
"""NNX deep equilibrium model: Picard iteration to a fixed point, keeping a residual trace for diagnostics."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class DEQ(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs, tol=1e-4, max_iter=25):
        self.Wz = nnx.Linear(dim, dim, use_bias=False, rngs=rngs)
        self.Ux = nnx.Linear(dim, dim, rngs=rngs)
        self.tol, self.max_iter = tol, max_iter
        self.residual_trace = []

    def _cond(self, state):
        _, res, i = state
        return (res > self.tol) & (i < self.max_iter)

    def _iterate(self, state):
        z, _, i = state
        z_new = jnp.tanh(0.5 * self.Wz(z) + self._inj)
        res = jnp.linalg.norm(z_new - z)
        self.residual_trace.append(res)
        return z_new, res, i + 1

    def __call__(self, x):
        self._inj = self.Ux(x)
        z, _, _ = lax.while_loop(self._cond, self._iterate, (jnp.zeros_like(x), jnp.inf, 0))
        return z


def main():
    model = DEQ(4, rngs=nnx.Rngs(0))
    model(jax.random.normal(jax.random.key(1), (3, 4)))
    jnp.stack(model.residual_trace).max()
    return None
