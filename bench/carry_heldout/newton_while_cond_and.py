# label: ok
# jax-error: none
# class: 5 Newton solver's cond_fun combines residual > tol and an iteration cap with jnp.logical_and
import jax
import jax.numpy as jnp
from jax import lax


def g(x):
    return jnp.cos(x) - x


def main():
    def cond_fun(state):
        x, it = state
        return jnp.logical_and(jnp.abs(g(x)) > 1e-6, it < 50)

    def body_fun(state):
        x, it = state
        return x - g(x) / jax.grad(g)(x), it + 1

    return lax.while_loop(cond_fun, body_fun, (jnp.float32(1.0), 0))
