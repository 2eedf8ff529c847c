# label: ok
# flax-error: none
# class: 1 closure inside the NNX __call__ runs a preconditioned Richardson iteration; the solver is put in eval mode so BatchNorm only reads its statistics in the scan body
"""Neural preconditioner for an iterative Poisson solver (physics-informed training loop)."""
import jax
import jax.numpy as jnp
from flax import nnx


class Preconditioner(nnx.Module):
    def __init__(self, n, hidden, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(2 * n, hidden, rngs=rngs)
        self.bn = nnx.BatchNorm(hidden, rngs=rngs)
        self.out = nnx.Linear(hidden, n, rngs=rngs)

    def __call__(self, r, f):
        h = nnx.relu(self.bn(self.inp(jnp.concatenate([r, f], -1))))
        return self.out(h)


class LearnedSolver(nnx.Module):
    def __init__(self, n, *, rngs: nnx.Rngs, n_iter=6, omega=0.5):
        self.n = n
        self.n_iter = n_iter
        self.omega = omega
        self.precond = Preconditioner(n, 32, rngs=rngs)

    def laplacian(self, u):
        return (jnp.roll(u, 1, -1) - 2 * u + jnp.roll(u, -1, -1)) * (self.n + 1) ** 2

    def __call__(self, f):
        def richardson(u, _):
            r = f + self.laplacian(u)
            u = u + self.omega * self.precond(r, f)
            return u, jnp.mean(r ** 2)

        u, residuals = jax.lax.scan(richardson, jnp.zeros_like(f), None, length=self.n_iter)
        return u, residuals


def main():
    n = 12
    f = jax.random.normal(jax.random.PRNGKey(1), (8, n))
    solver = LearnedSolver(n, rngs=nnx.Rngs(0))
    solver.eval()
    u, residuals = solver(f)
    print(float(residuals[-1]))
    return None
