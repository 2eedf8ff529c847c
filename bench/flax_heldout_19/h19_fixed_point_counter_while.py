# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "solver_iters" in "/" because collection "counters" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a 'counters' variable is incremented inline in a lax.while_loop body only when a train flag passed down from apply is set
"""Deep-equilibrium style layer that iterates to a fixed point and counts solver iterations.

Modelled on the counter variable of the Linen-to-NNX guide discussion (google/flax#4209,
`self.variable('counter', 'count', ...)`, `count.value += 1`) combined with fixed-point
solvers written with `jax.lax.while_loop`; the count is kept only in training.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class FixedPoint(nn.Module):
    width: int = 4
    tol: float = 1e-3
    max_iter: int = 20

    @nn.compact
    def __call__(self, x, train: bool = False):
        lin = nn.Dense(self.width)
        iters = self.variable("counters", "solver_iters", lambda: jnp.zeros((), jnp.int32))
        z0 = jnp.tanh(lin(jnp.zeros_like(x)) + x)

        def cond(state):
            i, z, delta = state
            return (i < self.max_iter) & (delta > self.tol)

        def body(state):
            i, z, _ = state
            z_new = jnp.tanh(0.5 * lin(z) + x)
            if train:
                iters.value = iters.value + 1
            return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

        _, z, _ = jax.lax.while_loop(cond, body, (jnp.array(0), z0, jnp.array(1.0)))
        return z


def main():
    x = jax.random.normal(jax.random.key(4), (3, 4))
    model = FixedPoint()
    variables = model.init(jax.random.key(0), x)
    z = model.apply(variables, x, train=True)
    z.block_until_ready()
    return None
