# label: ok
# jax-error: none
# class: 1 int32 histogram updated with .at[].add(float weight): the scatter casts the update back to int32
import jax.numpy as jnp
from jax import lax


def main():
    samples = jnp.array([0.1, 0.5, 0.7, 0.2, 0.9, 0.55])
    weights = jnp.array([1.0, 2.0, 1.5, 0.5, 1.0, 1.0])

    def accumulate(counts, sw):
        s, w = sw
        bin_idx = jnp.clip((s * 4).astype(jnp.int32), 0, 3)
        return counts.at[bin_idx].add(w), None

    counts, _ = lax.scan(accumulate, jnp.zeros(4, jnp.int32), (samples, weights))
    return counts
