# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 DEQ.__call__ calls self.solver.solve, whose while_loop body increments the solver's 'diagnostics' variable
"""Deep-equilibrium layer whose fixed-point solver counts its iterations.

Modelled on a Flax issue about "logging the number of solver iterations":
the solver submodule keeps an iteration counter in a 'diagnostics' collection
and bumps it inside the jax.lax.while_loop body; the user applies with
mutable=['diagnostics'] and reads the counter.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Block(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, z, x):
        return jnp.tanh(nn.Dense(self.features, kernel_init=nn.initializers.normal(0.1))(z) + x)


class FixedPointSolver(nn.Module):
    tol: float = 1e-4
    max_iter: int = 50

    def setup(self):
        self.n_iter = self.variable('diagnostics', 'n_iter', lambda: jnp.zeros((), jnp.int32))

    def solve(self, f, z0):
        def cond(state):
            z, z_prev, i = state
            return (jnp.linalg.norm(z - z_prev) > self.tol) & (i < self.max_iter)

        def body(state):
            z, _, i = state
            self.n_iter.value = self.n_iter.value + 1
            return f(z), z, i + 1

        z, _, _ = lax.while_loop(cond, body, (f(z0), z0, 0))
        return z


class DEQ(nn.Module):
    features: int = 8

    def setup(self):
        self.block = Block(self.features)
        self.solver = FixedPointSolver()

    def __call__(self, x):
        return self.solver.solve(lambda z: self.block(z, x), jnp.zeros_like(x))


def main():
    model = DEQ()
    x = jax.random.normal(jax.random.PRNGKey(0), (8,))
    variables = model.init(jax.random.PRNGKey(1), x)
    z, state = model.apply({'params': variables['params'],
                            'diagnostics': variables['diagnostics']}, x,
                           mutable=['diagnostics'])
    n_iter = int(state['diagnostics']['solver']['n_iter'])
    print('converged after', n_iter, 'iterations', z.shape)
    return None
