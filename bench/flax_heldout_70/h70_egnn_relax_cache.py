# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "last_step" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 'cache' variable (last displacement) declared in @nn.compact and written by a closure used as the lax.while_loop body; apply is not mutable
"""Geometry relaxation with an equivariant force field (Linen).

An EGNN-like layer predicts per-atom displacements; positions are relaxed with lax.while_loop
until the largest displacement is below a tolerance. The last displacement norm is kept in a
'cache' collection for the convergence monitor.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class ForceField(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, h, x):
        diff = x[:, None, :] - x[None, :, :]
        d2 = jnp.sum(diff ** 2, -1, keepdims=True)
        m = nn.silu(nn.Dense(self.hidden)(d2))
        w = nn.Dense(1, kernel_init=nn.initializers.normal(1e-2))(m)
        return jnp.mean(diff * w, axis=1)


class Relaxer(nn.Module):
    tol: float = 1e-3
    max_iter: int = 20

    @nn.compact
    def __call__(self, h, pos):
        ff = ForceField(name="ff")
        last = self.variable("cache", "last_step", lambda: jnp.zeros(()))
        step0 = ff(h, pos)

        def cond(state):
            i, x, dmax = state
            return (i < self.max_iter) & (dmax > self.tol)

        def body(state):
            i, x, _ = state
            dx = ff(h, x)
            dmax = jnp.max(jnp.linalg.norm(dx, axis=-1))
            last.value = dmax
            return i + 1, x + dx, dmax

        n, pos, _ = lax.while_loop(cond, body, (0, pos + step0, jnp.inf))
        return pos, n


def main():
    pos = jax.random.normal(jax.random.PRNGKey(1), (6, 3))
    h = jnp.ones((6, 4))
    model = Relaxer()
    variables = model.init(jax.random.PRNGKey(0), h, pos)
    new_pos, n = model.apply(variables, h, pos)
    print(new_pos.shape, n)
    return None
