# label: ok
# flax-error: none
# class: 1 lifted nnx.while_loop carries a module whose step counter Variable is incremented in the body
import jax
import jax.numpy as jnp
from flax import nnx


class RootFinder(nnx.Module):
    def __init__(self, rngs):
        self.g = nnx.Linear(2, 2, rngs=rngs)
        self.iters = nnx.Variable(jnp.zeros((), jnp.int32))

    def residual(self, z, x):
        return z - 0.5 * jnp.tanh(self.g(z)) - x


def main():
    solver = RootFinder(nnx.Rngs(0))
    x = jnp.array([0.3, -0.7])

    def cond(carry):
        m, z = carry
        return (jnp.linalg.norm(m.residual(z, x)) > 1e-5) & (m.iters.value < 50)

    def body(carry):
        m, z = carry
        m.iters.value += 1
        return m, z - m.residual(z, x)

    solver, z = nnx.while_loop(cond, body, (solver, jnp.zeros(2)))
    z.block_until_ready()
    return None
