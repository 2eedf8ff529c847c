# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 a fixed-point solver object holds model.bind(variables, mutable=["stats"]); the raw while_loop body calls the bound module, which counts iterations in "stats"
"""Deep-equilibrium style evaluator: iterate the layer until the update is small."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class DEQLayer(nn.Module):
    @nn.compact
    def __call__(self, z, x):
        it = self.variable("stats", "iterations", lambda: jnp.zeros((), jnp.int32))
        it.value = it.value + 1
        return jnp.tanh(nn.Dense(z.shape[-1])(z) * 0.5 + x)


class FixedPointSolver:
    def __init__(self, layer, variables, tol=1e-3, max_iter=20):
        self.layer = layer.bind(variables, mutable=["stats"])
        self.tol = tol
        self.max_iter = max_iter

    def solve(self, x):
        def cond(state):
            z, dz, i = state
            return (dz > self.tol) & (i < self.max_iter)

        def body(state):
            z, _, i = state
            z_new = self.layer(z, x)
            return z_new, jnp.max(jnp.abs(z_new - z)), i + 1

        z, _, _ = jax.lax.while_loop(cond, body, (jnp.zeros_like(x), jnp.inf, 0))
        return z

    def report(self):
        stats = self.layer.variables["stats"]
        return {"iterations": stats["iterations"] + 0}


class Evaluator:
    def __init__(self, solver):
        self.solver = solver

    def run(self, x):
        self.solver.solve(x)
        return self.solver.report()


def main():
    layer = DEQLayer()
    x = jnp.ones((2, 4)) * 0.3
    variables = layer.init(jax.random.key(0), jnp.zeros_like(x), x)
    Evaluator(FixedPointSolver(layer, variables)).run(x)
    return None
