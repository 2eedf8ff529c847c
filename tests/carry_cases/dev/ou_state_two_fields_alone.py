# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 3 a 2-field NamedTuple state returned alone: JAX reads its two fields as the (carry, out) pair
from typing import NamedTuple

import jax
import jax.numpy as jnp


class OUState(NamedTuple):
    x: jnp.ndarray
    key: jnp.ndarray


def main():
    theta, sigma, dt = 0.7, 0.3, 0.01

    def ou_step(state, _):
        key, sub = jax.random.split(state.key)
        x = state.x - theta * state.x * dt + sigma * jnp.sqrt(dt) * jax.random.normal(sub)
        return OUState(x, key)

    final, _ = jax.lax.scan(ou_step, OUState(jnp.float32(1.0), jax.random.PRNGKey(0)), None, length=50)
    return final.x
