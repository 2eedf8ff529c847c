# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 2 power iteration in fori_loop normalises with jnp.outer instead of a dot, turning the vector into a matrix
import jax.numpy as jnp
from jax import lax


def main():
    A = jnp.array([[2.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 4.0]])

    def body(i, v):
        w = A @ v
        return w / jnp.sqrt(jnp.outer(w, w))

    return lax.fori_loop(0, 20, body, jnp.ones(3) / jnp.sqrt(3.0))
