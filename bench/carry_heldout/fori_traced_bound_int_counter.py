# label: drift-dtype
# jax-error: TypeError: while_loop body function carry input and carry output must have equal types, but they differ:
# class: 5 jitted fori_loop with a traced bound (lowered to while_loop) halves an int32 value with true division
import jax
import jax.numpy as jnp
from jax import lax


@jax.jit
def halve(n, x):
    return lax.fori_loop(0, n, lambda i, v: v / 2, x)


def main():
    return halve(3, jnp.int32(64))
