# label: cond-not-scalar-bool
# jax-error: TypeError: cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(float32[])].
# class: 5 Newton solver's cond_fun returns the float residual instead of residual > tol
import jax
import jax.numpy as jnp
from jax import lax


def g(x):
    return jnp.cos(x) - x


def main():
    def cond_fun(state):
        x, it = state
        return jnp.abs(g(x))

    def body_fun(state):
        x, it = state
        return x - g(x) / jax.grad(g)(x), it + 1

    return lax.while_loop(cond_fun, body_fun, (jnp.float32(1.0), 0))
