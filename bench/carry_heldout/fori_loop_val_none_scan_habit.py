# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 5 fori_loop body returns (val, None) out of scan habit over a plain array init
import jax.numpy as jnp
from jax import lax


def main():
    def body(i, x):
        return 0.5 * (x + 2.0 / x), None

    return lax.fori_loop(0, 5, body, jnp.float32(1.0))
