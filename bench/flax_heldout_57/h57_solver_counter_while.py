# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "nfe" in "/" because collection "stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 apply runs inside the raw while_loop body with the variables dict closed over and an immutable counter collection
"""A fixed-point layer counts its function evaluations in a 'stats' collection; the solver
iterates with jax.lax.while_loop and calls apply inside the body."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Contraction(nn.Module):
    @nn.compact
    def __call__(self, z, x):
        nfe = self.variable("stats", "nfe", lambda: jnp.zeros((), jnp.int32))
        if not self.is_initializing():
            nfe.value += 1
        return jnp.tanh(0.5 * nn.Dense(x.shape[-1])(z) + x)


def main():
    f = Contraction()
    x = jnp.ones((2, 4))
    variables = f.init(jax.random.PRNGKey(0), x, x)

    def cond(state):
        z, z_prev, it = state
        return (jnp.max(jnp.abs(z - z_prev)) > 1e-4) & (it < 50)

    def body(state):
        z, _, it = state
        return f.apply(variables, z, x), z, it + 1

    z0 = jnp.zeros_like(x)
    z, _, iters = jax.lax.while_loop(cond, body, (x, z0, 0))
    z.block_until_ready()
    return None
