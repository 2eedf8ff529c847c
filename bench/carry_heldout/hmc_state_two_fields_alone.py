# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 3 HMC leapfrog with a 2-field (position, momentum) NamedTuple returned alone from the body
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

    def leapfrog(z, _):
        p = z.momentum - 0.5 * eps * jax.grad(potential)(z.position)
        q = z.position + eps * p
        p = p - 0.5 * eps * jax.grad(potential)(q)
        return PhasePoint(q, p)

    z, _ = jax.lax.scan(leapfrog, PhasePoint(jnp.ones(2), jnp.zeros(2)), None, length=10)
    return z.position
