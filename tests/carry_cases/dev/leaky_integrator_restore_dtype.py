# label: ok
# jax-error: none
# class: 1 integer spike counter decayed by a float factor, cast back with .astype(counts.dtype)
import jax.numpy as jnp
from jax import lax


def main():
    inputs = jnp.array([[1, 0, 2], [0, 3, 1], [2, 2, 0], [1, 1, 1]], dtype=jnp.int32)

    def decay(counts, spikes):
        counts = (counts * 0.5 + spikes).astype(counts.dtype)
        return counts, counts

    counts, history = lax.scan(decay, jnp.zeros(3, dtype=jnp.int32), inputs)
    return history
