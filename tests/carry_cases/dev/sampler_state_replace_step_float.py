# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 3 NamedTuple sampler state updated with ._replace(step=...) where step becomes a float
from typing import NamedTuple

import jax
import jax.numpy as jnp


class SamplerState(NamedTuple):
    x: jnp.ndarray
    key: jnp.ndarray
    step: jnp.ndarray


def main():
    eps = 0.05

    def langevin(state, _):
        key, sub = jax.random.split(state.key)
        x = state.x - eps * state.x + jnp.sqrt(2 * eps) * jax.random.normal(sub, state.x.shape)
        return state._replace(x=x, key=key, step=state.step + eps), x

    init = SamplerState(jnp.zeros(2), jax.random.PRNGKey(0), jnp.int32(0))
    _, xs = jax.lax.scan(langevin, init, None, length=30)
    return xs
