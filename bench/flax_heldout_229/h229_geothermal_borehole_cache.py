# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "gradient" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 1 the module's own method runs the while_loop and writes its 'cache' variable in the body
"""Geothermal borehole logging: iterate a learned heat-flow correction down the
borehole until the temperature profile converges, caching the last gradient."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class HeatFlowSolver(nn.Module):
    depth_cells: int = 8
    tol: float = 1e-3

    @nn.compact
    def __call__(self, profile):
        kappa = self.param("kappa", nn.initializers.constant(0.2), (self.depth_cells,))
        gradient = self.variable("cache", "gradient", lambda: jnp.zeros(self.depth_cells))

        def cond(state):
            i, _, delta = state
            return (i < 50) & (delta > self.tol)

        def body(state):
            i, temps, _ = state
            grad = jnp.gradient(temps)
            gradient.value = grad
            new = temps + kappa * (jnp.roll(temps, 1) - 2 * temps + jnp.roll(temps, -1)) * 0.5
            new = new.at[0].set(temps[0]).at[-1].set(temps[-1])
            return i + 1, new, jnp.abs(new - temps).max()

        _, temps, _ = while_loop(cond, body, (0, profile, jnp.inf))
        return temps


class BoreholeLogger:
    def __init__(self, solver, variables):
        self.solver = solver
        self.variables = variables

    def correct(self, profile):
        return self.solver.apply(self.variables, profile)


def main():
    solver = HeatFlowSolver()
    profile = jnp.linspace(12.0, 95.0, 8) + jnp.array([0, 3, -2, 4, 0, -3, 2, 0.0])
    variables = solver.init(jax.random.key(0), profile)
    BoreholeLogger(solver, variables).correct(profile)
    return None
