# label: cond-not-scalar-bool
# jax-error: TypeError: cond_fun must return a boolean scalar, but got output type(s) [ShapedArray(bool[3])].
# class: 5 vectorised bisection: cond_fun returns the per-element (hi - lo) > tol vector
import jax.numpy as jnp
from jax import lax


def main():
    targets = jnp.array([2.0, 3.0, 5.0])

    def cond(state):
        lo, hi = state
        return (hi - lo) > 1e-4

    def body(state):
        lo, hi = state
        mid = 0.5 * (lo + hi)
        too_big = mid * mid > targets
        return jnp.where(too_big, lo, mid), jnp.where(too_big, mid, hi)

    lo, hi = lax.while_loop(cond, body, (jnp.zeros(3), jnp.full(3, 3.0)))
    return lo
