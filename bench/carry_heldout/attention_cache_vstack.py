# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 2 autoregressive decoder grows its key cache with jnp.vstack inside a fori_loop
import jax.numpy as jnp
from jax import lax


def main():
    W = jnp.eye(4) * 0.5

    def decode(i, carry):
        cache, x = carry
        k = W @ x
        cache = jnp.vstack([cache, k])
        x = jnp.tanh(cache.mean(axis=0))
        return cache, x

    cache, x = lax.fori_loop(0, 3, decode, (jnp.zeros((1, 4)), jnp.ones(4)))
    return x
