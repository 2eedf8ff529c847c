# label: ok
# jax-error: none
# class: 5 fori_loop whose init is (val, None): returning (val, None) is the intended structure
import jax.numpy as jnp
from jax import lax


def main():
    def body(i, carry):
        acc, _ = carry
        return acc * 0.5 + i, None

    acc, _ = lax.fori_loop(0, 6, body, (jnp.float32(1.0), None))
    return acc
