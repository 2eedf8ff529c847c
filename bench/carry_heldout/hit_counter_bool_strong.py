# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 "any hit so far" flag initialised with jnp.bool_(False) but updated with flag + hit (bool + bool is bool, + 1 is int32)
import jax.numpy as jnp
from jax import lax


def main():
    xs = jnp.array([0.2, 1.5, 0.3, 2.0])

    def check(hit, x):
        hit = hit + (x > 1.0) * 1
        return hit, x

    hit, _ = lax.scan(check, jnp.bool_(False), xs)
    return hit
