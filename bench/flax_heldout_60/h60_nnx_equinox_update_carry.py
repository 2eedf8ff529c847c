# label: ok
# flax-error: none
# class: 4 params split before a raw fori_loop, model merged in the body, new params returned as the carry
"""Port from Equinox; the NNX model is split into graphdef and params, the fori_loop carries the
params (as eqx.partition/combine would), and the result is written back with nnx.update."""
import jax
import jax.numpy as jnp
from flax import nnx


class Quadratic(nnx.Module):
    def __init__(self, rngs):
        self.w = nnx.Param(jax.random.normal(rngs.params(), (4,)))

    def __call__(self, x):
        return jnp.sum((x @ self.w.value - 1.0) ** 2)


def main():
    model = Quadratic(nnx.Rngs(0))
    x = jnp.ones((3, 4))
    graphdef, params = nnx.split(model)

    def body(i, params):
        m = nnx.merge(graphdef, params)
        grads = nnx.grad(lambda m: m(x))(m)
        return jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)

    params = jax.lax.fori_loop(0, 10, body, params)
    nnx.update(model, params)
    print(model(x))
    return None
