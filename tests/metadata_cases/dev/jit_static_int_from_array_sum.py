# label: ok
# jax-error: none
# class: 3 the number of valid entries is computed as an array, then converted with int(...) before the static argument
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("top_k",))
def top_scores(scores, top_k):
    return jax.lax.top_k(scores, top_k)[0]


def main():
    valid = jnp.array([1, 1, 0, 1, 1, 0])
    k = int(jnp.sum(valid))
    for step in range(3):
        top_scores(jnp.arange(6.0) + step, top_k=k)
