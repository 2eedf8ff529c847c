# label: drift-dtype
# jax-error: TypeError: while_loop body function carry input and carry output must have equal types, but they differ:
# class: 1 Euclid's algorithm in a while_loop uses a / b instead of a % b on int32 operands
import jax.numpy as jnp
from jax import lax


def gcd(a, b):
    def cond_fun(ab):
        return ab[1] != 0

    def body_fun(ab):
        a, b = ab
        return b, a - b * jnp.floor(a / b)

    return lax.while_loop(cond_fun, body_fun, (jnp.int32(a), jnp.int32(b)))[0]


def main():
    return gcd(48, 18)
