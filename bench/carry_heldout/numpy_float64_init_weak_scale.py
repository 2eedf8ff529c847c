# label: ok
# jax-error: none
# class: 1 np.zeros float64 init is canonicalised to float32; adding float32 data keeps float32
import numpy as np
import jax.numpy as jnp
from jax import lax


def main():
    data = jnp.ones((5, 3))

    def accumulate(s, x):
        return s + 2.0 * x, None

    s, _ = lax.scan(accumulate, np.zeros(3), data)
    return s
