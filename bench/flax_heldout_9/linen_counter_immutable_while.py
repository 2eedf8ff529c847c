# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "iters" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a step-counter variable held as an attribute of self, bumped in a raw while_loop body
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class FixedPointSolver(nn.Module):
    tol: float = 1e-3
    max_iter: int = 20

    def setup(self):
        self.f = nn.Dense(4)
        self.iters = self.variable("stats", "iters", lambda: jnp.array(0, jnp.int32))

    def __call__(self, x):
        self.f(x)

        def cond(carry):
            z, z_prev, k = carry
            return (jnp.linalg.norm(z - z_prev) > self.tol) & (k < self.max_iter)

        def body(carry):
            z, _, k = carry
            self.iters.value = self.iters.value + 1
            return 0.5 * jnp.tanh(self.f(z)) + 0.5 * x, z, k + 1

        z, _, _ = while_loop(cond, body, (x, x + 1.0, 0))
        return z


def main():
    solver = FixedPointSolver()
    x = jnp.ones((4,))
    variables = solver.init(jax.random.key(0), x)
    z = solver.apply(variables, x)
    z.block_until_ready()
    return None
