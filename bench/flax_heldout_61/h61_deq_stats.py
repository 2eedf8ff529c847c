# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "nfe" in "/" because collection "diagnostics" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 functools.partial binds model.apply and the variables into the step of a module-level while_loop solver; the cell counts evaluations in a 'diagnostics' variable
"""Deep equilibrium model that counts function evaluations (NFE) of its implicit layer, as in DEQ papers' logs."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import while_loop


class DEQCell(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, z, x):
        nfe = self.variable("diagnostics", "nfe", lambda: jnp.array(0, jnp.int32))
        nfe.value += 1
        return jnp.tanh(nn.Dense(self.hidden, name="W")(z) + nn.Dense(self.hidden, name="U")(x))


def solve(f, z0, max_iter=15, tol=1e-4):
    def cond(s):
        return (s[0] < max_iter) & (s[2] > tol)

    def body(s):
        i, z, _ = s
        z_new = f(z)
        return i + 1, z_new, jnp.max(jnp.abs(z_new - z))

    _, z, _ = while_loop(cond, body, (jnp.array(0), z0, jnp.array(1.0)))
    return z


def deq_forward(model, variables, x):
    f = functools.partial(lambda z, v, x: model.apply(v, z, x), v=variables, x=x)
    return solve(f, jnp.zeros((x.shape[0], model.hidden)))


def main():
    model = DEQCell()
    x = jnp.ones((2, 3))
    variables = model.init(jax.random.key(0), jnp.zeros((2, 8)), x)
    deq_forward(model, variables, x)
    return None
