# label: ok
# jax-error: none
# class: 1 "any hit so far" bool flag updated with jnp.logical_or
import jax.numpy as jnp
from jax import lax


def main():
    xs = jnp.array([0.2, 1.5, 0.3, 2.0])

    def check(hit, x):
        return jnp.logical_or(hit, x > 1.0), x

    hit, _ = lax.scan(check, jnp.bool_(False), xs)
    return hit
