# label: not-pair
# jax-error: TypeError: scan body output must be a pair, got None.
# class: 3 Newton iteration body forgets its return statement and returns None
import jax
import jax.numpy as jnp
from jax import lax


def f(x):
    return x ** 3 - 2.0


def main():
    def newton(x, _):
        x = x - f(x) / jax.grad(f)(x)

    root, _ = lax.scan(newton, jnp.float32(1.0), None, length=8)
    return root
