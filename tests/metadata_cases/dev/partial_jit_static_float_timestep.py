# label: ok
# jax-error: none
# class: 3 partial(jax.jit, static_argnames=("dt",)) given float(dt_array) computed once
from functools import partial

import jax
import jax.numpy as jnp


@partial(jax.jit, static_argnames=("dt", "substeps"))
def integrate(state, dt, substeps):
    for _ in range(substeps):
        state = state + dt * jnp.stack([state[1], -state[0]])
    return state


def main():
    times = jnp.linspace(0.0, 1.0, 11)
    dt = float(times[1] - times[0])
    state = jnp.array([1.0, 0.0])
    for _ in range(3):
        state = integrate(state, dt=dt, substeps=4)
