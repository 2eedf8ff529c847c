# label: ok
# jax-error: none
# class: 5 fori_loop index (a weakly typed int32) added to a strongly typed float32 carry stays float32
import jax.numpy as jnp
from jax import lax


def main():
    def body(i, acc):
        return acc + i * 0.5

    return lax.fori_loop(0, 10, body, jnp.zeros(3, jnp.float32))
