# label: ok
# jax-error: none
# class: 3 the same 2-field (position, momentum) NamedTuple returned alone is right for a fori_loop body
from typing import NamedTuple

import jax
import jax.numpy as jnp


class PhasePoint(NamedTuple):
    position: jnp.ndarray
    momentum: jnp.ndarray


def potential(q):
    return 0.5 * jnp.sum(q ** 2)


def main():
    eps = 0.1

    def leapfrog(i, z):
        p = z.momentum - 0.5 * eps * jax.grad(potential)(z.position)
        q = z.position + eps * p
        p = p - 0.5 * eps * jax.grad(potential)(q)
        return PhasePoint(q, p)

    z = jax.lax.fori_loop(0, 10, leapfrog, PhasePoint(jnp.ones(2), jnp.zeros(2)))
    return z.position
