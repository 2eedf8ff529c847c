# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 tracks a "best index" with jnp.mean of candidate indices (float) in an np.int32 carry
import numpy as np
import jax.numpy as jnp
from jax import lax


def main():
    scores = jnp.array([[3.0, 1.0, 2.0], [0.5, 0.7, 0.1], [2.0, 2.0, 0.0]])

    def pick(best, row):
        ties = jnp.where(row == row.min(), jnp.arange(3), 0)
        best = jnp.mean(ties)
        return best, row.min()

    best, mins = lax.scan(pick, np.int32(0), scores)
    return best
