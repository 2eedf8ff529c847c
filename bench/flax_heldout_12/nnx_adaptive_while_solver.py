# label: ok
# flax-error: none
# class: 1 the lifted nnx.while_loop carries an implicit-layer module and its evaluation-counter Variable through a fixed-point solve
import jax
import jax.numpy as jnp
from flax import nnx


class Evals(nnx.Variable):
    pass


class DEQLayer(nnx.Module):
    def __init__(self, d, rngs):
        self.w = nnx.Linear(d, d, rngs=rngs)
        self.n_evals = Evals(jnp.array(0))

    def f(self, z, x):
        self.n_evals.value += 1
        return jnp.tanh(0.3 * self.w(z) + x)


def solve(layer, x, tol=1e-4, max_iter=50):
    def cond(state):
        layer, z, res, i = state
        return (res > tol) & (i < max_iter)

    def body(state):
        layer, z, _, i = state
        z_new = layer.f(z, x)
        return layer, z_new, jnp.max(jnp.abs(z_new - z)), i + 1

    layer, z, _, _ = nnx.while_loop(cond, body, (layer, jnp.zeros_like(x), jnp.array(jnp.inf), 0))
    return z


def main():
    layer = DEQLayer(6, nnx.Rngs(0))
    z = solve(layer, jnp.ones((3, 6)))
    jax.block_until_ready(z)
    assert int(layer.n_evals.value) > 1
    return None
