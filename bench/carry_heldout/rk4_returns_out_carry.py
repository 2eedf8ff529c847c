# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 3 RK4 step returns (t, (y, t)) instead of ((y, t), y): the halves of the pair swapped
import jax.numpy as jnp
from jax import lax


def f(y, t):
    return -y + jnp.sin(t)


def main():
    h = 0.1

    def rk4(state, _):
        y, t = state
        k1 = f(y, t)
        k2 = f(y + h / 2 * k1, t + h / 2)
        k3 = f(y + h / 2 * k2, t + h / 2)
        k4 = f(y + h * k3, t + h)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return y, (y, t + h)

    _, ys = lax.scan(rk4, (jnp.ones(2), jnp.float32(0.0)), None, length=10)
    return ys
