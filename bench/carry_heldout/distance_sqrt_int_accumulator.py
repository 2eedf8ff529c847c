# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 path length accumulated from jnp.sqrt of squared integer steps into an int32 total
import jax.numpy as jnp
from jax import lax


def main():
    moves = jnp.array([[1, 0], [1, 1], [0, 2], [-1, 1]], dtype=jnp.int32)

    def leg(total, d):
        total = total + jnp.sqrt(jnp.sum(d * d))
        return total, total

    total, partial = lax.scan(leg, jnp.int32(0), moves)
    return total
