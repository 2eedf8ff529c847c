# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 held damped-iteration solver object runs the raw while_loop over a bound method that first calls the setup submodule inside the body
# modelled on: Flax + Diffrax: Tracer error (google/flax#2887)
"""Deep-equilibrium layer: z* = f(z*, x) found by damped iteration."""
import dataclasses
import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass
class DampedIterationSolver:
    max_iter: int = 30
    tol: float = 1e-4
    damping: float = 0.5

    def solve(self, f, z0):
        def cond(state):
            i, _, err = state
            return (i < self.max_iter) & (err > self.tol)

        def body(state):
            i, z, _ = state
            z_next = (1 - self.damping) * z + self.damping * f(z)
            return i + 1, z_next, jnp.max(jnp.abs(z_next - z))

        _, z, _ = jax.lax.while_loop(cond, body, (0, z0, jnp.inf))
        return z


class DEQBlock(nn.Module):
    width: int = 8
    solver: DampedIterationSolver = dataclasses.field(default_factory=DampedIterationSolver)

    def setup(self):
        self.mix = nn.Dense(self.width, use_bias=False)
        self.inject = nn.Dense(self.width)

    def f(self, z, x_inj):
        return jnp.tanh(0.5 * self.mix(z) + x_inj)

    def __call__(self, x):
        x_inj = self.inject(x)
        z0 = jnp.zeros_like(x_inj)
        return self.solver.solve(lambda z: self.f(z, x_inj), z0)


def main():
    x = jax.random.normal(jax.random.key(0), (4, 3))
    model = DEQBlock()
    variables = model.init(jax.random.key(1), x)
    z_star = model.apply(variables, x)
    residual = jnp.max(jnp.abs(z_star - model.apply(
        variables, z_star, x, method=lambda m, z, x: m.f(z, m.inject(x)))))
    jax.block_until_ready(residual)
    return None
