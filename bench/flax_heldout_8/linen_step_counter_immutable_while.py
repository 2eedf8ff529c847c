# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "iterations" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a helper method called from the raw while_loop body increments a 'counters' variable; apply is called without mutable
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import while_loop


class NewtonSolver(nn.Module):
    @nn.compact
    def __call__(self, target):
        iters = self.variable("counters", "iterations", lambda: jnp.zeros((), jnp.int32))
        scale = self.param("scale", nn.initializers.ones, ())

        def record_iteration():
            iters.value = iters.value + 1

        def cond(state):
            i, x = state
            return (i < 20) & (jnp.abs(x * x - target) > 1e-6)

        def body(state):
            i, x = state
            record_iteration()
            return i + 1, x - (x * x - target) / (2 * x) * scale

        return while_loop(cond, body, (0, target))[1]


def main():
    solver = NewtonSolver()
    variables = solver.init(jax.random.key(0), jnp.array(2.0))
    root = solver.apply(variables, jnp.array(9.0))
    print(root)
    return None
