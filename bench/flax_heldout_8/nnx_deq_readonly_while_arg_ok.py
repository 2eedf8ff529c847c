# label: ok
# flax-error: none
# class: 2 the equilibrium layer is an argument of the solver and only read inside the while_loop body
import jax.numpy as jnp
from flax import nnx
from jax.lax import while_loop


class Cell(nnx.Module):
    def __init__(self, width, rngs):
        self.mix = nnx.Linear(width, width, rngs=rngs)
        self.inject = nnx.Linear(width, width, rngs=rngs)
        self.scale = nnx.Param(jnp.asarray(0.3))

    def __call__(self, z, x):
        return jnp.tanh(self.scale.value * self.mix(z) + self.inject(x))


def anderson_free_solve(cell, x, max_iter=40):
    def keep_going(carry):
        k, _, residual = carry
        return (k < max_iter) & (residual > 1e-4)

    def picard(carry):
        k, z, _ = carry
        z_next = cell(z, x)
        return k + 1, z_next, jnp.linalg.norm(z_next - z)

    return while_loop(keep_going, picard, (0, jnp.zeros_like(x), jnp.array(1.0)))


def main():
    cell = Cell(5, nnx.Rngs(3))
    k, z, res = anderson_free_solve(cell, jnp.ones((3, 5)))
    print(k, res)
    return None
