# label: ok
# flax-error: none
# class: 4 the cell is applied once to z0 before the module-level while_loop solver, so init creates its params outside; the partial only reads them
"""Deep equilibrium layer: z* = tanh(W z* + U x), solved by naive fixed-point iteration."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


def fixed_point_solve(f, z0, max_iter=12, tol=1e-4):
    """Iterate z <- f(z) until the update is small."""

    def cond(state):
        i, _, err = state
        return (i < max_iter) & (err > tol)

    def body(state):
        i, z, _ = state
        z_new = f(z)
        return i + 1, z_new, jnp.linalg.norm(z_new - z)

    init = (jnp.array(0), z0, jnp.array(jnp.inf, dtype=z0.dtype))
    _, z_star, _ = lax.while_loop(cond, body, init)
    return z_star


class DEQBlock(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, x):
        inject = nn.Dense(self.hidden, name="inject")(x)
        cell = nn.Dense(self.hidden, name="cell")

        def f(z, inj):
            return jnp.tanh(cell(z) + inj)

        z0 = f(jnp.zeros_like(inject), inject)  # one warm-start step also builds the cell params
        return fixed_point_solve(functools.partial(f, inj=inject), z0)


def main():
    model = DEQBlock()
    x = jnp.ones((2, 4))
    variables = model.init(jax.random.key(0), x)
    model.apply(variables, x)
    return None
