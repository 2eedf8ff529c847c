# label: ok
# jax-error: none
# class: 5 vectorised bisection: cond_fun reduces with jnp.any to a scalar bool
import jax.numpy as jnp
from jax import lax


def main():
    targets = jnp.array([2.0, 3.0, 5.0])

    def cond(state):
        lo, hi = state
        return jnp.any((hi - lo) > 1e-4)

    def body(state):
        lo, hi = state
        mid = 0.5 * (lo + hi)
        too_big = mid * mid > targets
        return jnp.where(too_big, lo, mid), jnp.where(too_big, mid, hi)

    lo, hi = lax.while_loop(cond, body, (jnp.zeros(3), jnp.full(3, 3.0)))
    return lo
