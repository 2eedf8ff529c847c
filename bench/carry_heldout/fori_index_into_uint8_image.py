# label: ok
# jax-error: none
# class: 5 fori_loop index (weakly typed int32) added to a uint8 image keeps uint8
import jax.numpy as jnp
from jax import lax


def main():
    img = jnp.zeros((2, 2), dtype=jnp.uint8)
    return lax.fori_loop(0, 4, lambda i, im: im + i, img)
