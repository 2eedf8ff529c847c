# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[48,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the solver module's __call__ runs fori_loop and its setup() corrector submodule is first called inside the body
"""Explicit finite-difference heat solver with a learned correction term (physics-informed)."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Corrector(nn.Module):
    width: int = 32

    @nn.compact
    def __call__(self, u):
        h = nn.tanh(nn.Dense(self.width, name="hidden")(u))
        return 1e-3 * nn.Dense(u.shape[-1], name="out")(h)


class LearnedCorrectionSolver(nn.Module):
    n_steps: int = 25
    alpha: float = 0.2

    def setup(self):
        self.corrector = Corrector()

    def laplacian(self, u):
        return jnp.roll(u, 1) - 2.0 * u + jnp.roll(u, -1)

    def __call__(self, u0):
        def step(_, u):
            u_next = u + self.alpha * self.laplacian(u)
            return u_next + self.corrector(u_next)

        return lax.fori_loop(0, self.n_steps, step, u0)


def physics_residual(solver, variables, u0, reference):
    u_final = solver.apply(variables, u0)
    return jnp.mean((u_final - reference) ** 2)


def main():
    grid = jnp.linspace(0.0, 1.0, 48)
    u0 = jnp.exp(-80.0 * (grid - 0.5) ** 2)
    reference = jnp.full_like(u0, u0.mean())
    solver = LearnedCorrectionSolver()
    variables = solver.init(jax.random.key(0), u0)
    loss = physics_residual(solver, variables, u0, reference)
    float(loss)
    return None
