# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 3 "best so far" initialised to None and replaced by an array in the body
import jax.numpy as jnp
from jax import lax


def main():
    candidates = jnp.array([[0.3, 0.1], [0.2, 0.9], [0.5, 0.5]])

    def keep_best(carry, c):
        best, best_score = carry
        score = jnp.sum(c)
        if best is None:
            best = c
        best = jnp.where(score > best_score, c, best)
        return (best, jnp.maximum(score, best_score)), score

    (best, score), _ = lax.scan(keep_best, (None, -jnp.inf), candidates)
    return best
