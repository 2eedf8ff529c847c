# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "n_evals" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a model bound with model.bind(variables) is stepped by a helper called in a raw while_loop body; the step increments a 'counters' variable
import jax
import jax.numpy as jnp
from flax import linen
from jax.lax import while_loop


class Solver(linen.Module):
    dim: int = 3

    @linen.compact
    def __call__(self, x):
        n_evals = self.variable("counters", "n_evals", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            n_evals.value += 1
        return linen.Dense(self.dim)(x)


def fixed_point(f, x0, tol=1e-3, max_iter=20):
    def cond(state):
        i, x, err = state
        return (i < max_iter) & (err > tol)

    def body(state):
        i, x, _ = state
        x_new = 0.5 * x + 0.5 * jnp.tanh(f(x))
        return i + 1, x_new, jnp.max(jnp.abs(x_new - x))

    return while_loop(cond, body, (0, x0, jnp.inf))


def main():
    model = Solver()
    x0 = jnp.ones((2, 3))
    variables = model.init(jax.random.key(0), x0)
    bound = model.bind(variables)
    n, x_star, err = fixed_point(bound, x0)
    print(n, err, bound.variables["counters"]["n_evals"])
    return None
