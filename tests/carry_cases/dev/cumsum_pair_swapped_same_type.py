# label: ok
# jax-error: none
# class: 3 body returns (x, total) where (total, x) was meant; both are float32[] so JAX cannot tell
import jax.numpy as jnp
from jax import lax


def main():
    xs = jnp.arange(1.0, 6.0)

    def step(total, x):
        total = total + x
        return x, total

    last, totals = lax.scan(step, jnp.float32(0.0), xs)
    return totals
