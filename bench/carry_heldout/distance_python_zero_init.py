# label: ok
# jax-error: none
# class: 1 path length accumulated from jnp.sqrt into a weak Python 0 init (silently becomes float32)
import jax.numpy as jnp
from jax import lax


def main():
    moves = jnp.array([[1, 0], [1, 1], [0, 2], [-1, 1]], dtype=jnp.int32)

    def leg(total, d):
        total = total + jnp.sqrt(jnp.sum(d * d))
        return total, total

    total, partial = lax.scan(leg, 0, moves)
    return total
