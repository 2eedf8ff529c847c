# label: ok
# jax-error: none
# class: 5 fori_loop index (a weakly typed int32) added to an int8 carry keeps int8
import jax.numpy as jnp
from jax import lax


def main():
    def body(i, counts):
        return counts + i

    return lax.fori_loop(0, 5, body, jnp.zeros(4, jnp.int8))
