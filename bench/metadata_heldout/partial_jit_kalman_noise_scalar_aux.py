# label: recompiles
# jax-error: none
# class: 1 Kalman filter state keeps the observation noise as a 0-d array in aux data; jitted through partial(jax.jit, static_argnames=...)
from functools import partial

import jax
import jax.numpy as jnp
from jax import tree_util


class KalmanState:
    def __init__(self, mean, cov, obs_noise):
        self.mean = mean
        self.cov = cov
        self.obs_noise = obs_noise


tree_util.register_pytree_node(
    KalmanState,
    lambda s: ((s.mean, s.cov), s.obs_noise),
    lambda noise, children: KalmanState(*children, noise),
)


@partial(jax.jit, static_argnames=("num_updates",))
def kalman_update(state, observation, num_updates=1):
    mean, cov = state.mean, state.cov
    for _ in range(num_updates):
        gain = cov / (cov + state.obs_noise)
        mean = mean + gain * (observation - mean)
        cov = (1.0 - gain) * cov
    return KalmanState(mean, cov, state.obs_noise)


def main():
    state = KalmanState(jnp.zeros(2), jnp.ones(2), jnp.asarray(0.5))
    for noise in jnp.array([0.5, 0.25, 0.125, 0.0625]):
        state = kalman_update(KalmanState(state.mean, state.cov, noise), jnp.ones(2), num_updates=2)
