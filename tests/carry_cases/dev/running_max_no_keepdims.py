# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 2 running max over a (B, 1) carry with x.max(axis=-1) without keepdims broadcasts to (B, B)
import jax.numpy as jnp
from jax import lax


def main():
    batches = jnp.arange(60.0).reshape(5, 4, 3) % 7

    def update(m, x):
        m = jnp.maximum(m, x.max(axis=-1))
        return m, None

    m, _ = lax.scan(update, jnp.full((4, 1), -jnp.inf), batches)
    return m
