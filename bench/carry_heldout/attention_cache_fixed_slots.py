# label: ok
# jax-error: none
# class: 2 autoregressive decoder writes keys into a fixed-size cache with lax.dynamic_update_slice in a fori_loop
import jax.numpy as jnp
from jax import lax


def main():
    W = jnp.eye(4) * 0.5

    def decode(i, carry):
        cache, x = carry
        k = W @ x
        cache = lax.dynamic_update_slice(cache, k[None, :], (i, 0))
        x = jnp.tanh(cache.mean(axis=0))
        return cache, x

    cache, x = lax.fori_loop(0, 3, decode, (jnp.zeros((3, 4)), jnp.ones(4)))
    return x
