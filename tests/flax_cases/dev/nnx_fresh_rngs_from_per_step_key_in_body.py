# label: ok
# flax-error: none
# class: 1 a fresh nnx.Rngs built in the body (and in a helper it calls) from the per-step key of xs
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    drop = nnx.Dropout(0.5)

    def body(carry, key):
        rngs = nnx.Rngs(dropout=key)
        return carry, drop(carry, rngs=rngs)

    def helper_seeded(seed):
        return jax.random.normal(nnx.Rngs(seed).noise(), (2,))

    def body2(carry, key):
        return carry, helper_seeded(key)

    keys = jax.random.split(jax.random.key(0), 4)
    noise = jax.lax.scan(body2, None, keys)[1]
    return jax.lax.scan(body, jnp.ones(3), keys)[1], noise
