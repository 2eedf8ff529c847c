# label: not-pair
# jax-error: TypeError: scan body output must be a pair, got (ShapedArray(float32[]), ShapedArray(float32[]), ShapedArray(float32[])).
# class: 3 body returns (fast, slow, x) flat instead of ((fast, slow), x)
import jax.numpy as jnp
from jax import lax


def main():
    xs = jnp.sin(jnp.arange(10.0))

    def emas(carry, x):
        fast, slow = carry
        fast = 0.5 * fast + 0.5 * x
        slow = 0.9 * slow + 0.1 * x
        return fast, slow, fast - slow

    _, macd = lax.scan(emas, (0.0, 0.0), xs)
    return macd
