# label: ok
# flax-error: none
# class: 2 module method self._iterate is the lax.while_loop body; the residual travels in the carry and is recorded after
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
        _, res, i, _ = state
        return (res > self.tol) & (i < self.max_iter)

    def _iterate(self, state):
        z, _, i, inj = state
        z_new = jnp.tanh(0.5 * self.Wz(z) + inj)
        res = jnp.linalg.norm(z_new - z)
        return z_new, res, i + 1, inj

    def __call__(self, x):
        inj = self.Ux(x)
        z, res, _, _ = lax.while_loop(self._cond, self._iterate, (jnp.zeros_like(x), jnp.inf, 0, inj))
        self.residual_trace.append(res)
        return z


def main():
    model = DEQ(4, rngs=nnx.Rngs(0))
    model(jax.random.normal(jax.random.key(1), (3, 4)))
    jnp.stack(model.residual_trace).max()
    return None
