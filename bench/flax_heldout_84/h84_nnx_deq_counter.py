# label: trace-context
# flax-error: TraceContextError: Cannot mutate SolverStats from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 2 NNX module method self._step is the while_loop body and increments an nnx.Variable iteration counter
"""Deep equilibrium layer (NNX) with a solver-iteration counter for logging."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class SolverStats(nnx.Variable):
    pass


class DEQ(nnx.Module):
    def __init__(self, d_in, d_z, *, rngs, tol=1e-4, max_iter=50):
        self.u = nnx.Linear(d_in, d_z, rngs=rngs)
        self.w = nnx.Linear(d_z, d_z, use_bias=False, rngs=rngs)
        self.tol, self.max_iter = tol, max_iter
        self.iterations = SolverStats(jnp.array(0))

    def _cond(self, state):
        _, res, i, _ = state
        return (res > self.tol) & (i < self.max_iter)

    def _step(self, state):
        z, _, i, ux = state
        z_new = jnp.tanh(self.w(z) * 0.5 + ux)
        self.iterations.value = self.iterations.value + 1
        return z_new, jnp.linalg.norm(z_new - z), i + 1, ux

    def __call__(self, x):
        ux = self.u(x)
        z0 = jnp.zeros_like(ux)
        z, _, _, _ = lax.while_loop(self._cond, self._step, (z0, jnp.array(jnp.inf), 0, ux))
        return z


def main():
    model = DEQ(6, 12, rngs=nnx.Rngs(0))
    z = model(jax.random.normal(jax.random.PRNGKey(1), (4, 6)))
    print(z.shape, int(model.iterations.value))
    return None
