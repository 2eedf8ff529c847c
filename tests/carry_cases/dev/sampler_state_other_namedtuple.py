# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 3 Langevin sampler carries a NamedTuple but returns another NamedTuple type with the same fields
from typing import NamedTuple

import jax
import jax.numpy as jnp


class SamplerState(NamedTuple):
    x: jnp.ndarray
    key: jnp.ndarray


class Sample(NamedTuple):
    x: jnp.ndarray
    key: jnp.ndarray


def grad_log_p(x):
    return -x


def main():
    eps = 0.05

    def langevin(state, _):
        key, sub = jax.random.split(state.key)
        x = state.x + eps * grad_log_p(state.x) + jnp.sqrt(2 * eps) * jax.random.normal(sub, state.x.shape)
        return Sample(x, key), x

    init = SamplerState(jnp.zeros(2), jax.random.PRNGKey(0))
    _, xs = jax.lax.scan(langevin, init, None, length=30)
    return xs
