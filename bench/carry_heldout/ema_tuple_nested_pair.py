# label: ok
# jax-error: none
# class: 3 body returns ((fast, slow), fast - slow)
import jax.numpy as jnp
from jax import lax


def main():
    xs = jnp.sin(jnp.arange(10.0))

    def emas(carry, x):
        fast, slow = carry
        fast = 0.5 * fast + 0.5 * x
        slow = 0.9 * slow + 0.1 * x
        return (fast, slow), fast - slow

    _, macd = lax.scan(emas, (0.0, 0.0), xs)
    return macd
