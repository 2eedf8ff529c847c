# label: ok
# flax-error: none
# class: 4 functools.partial binds a read-only NNX drift net into the Euler-Maruyama step; Brownian keys are split outside and passed as xs
import functools as ft

import jax
import jax.numpy as jnp
from flax import nnx


class Drift(nnx.Module):
    def __init__(self, dim: int, rngs: nnx.Rngs):
        self.net = nnx.Sequential(
            nnx.Linear(dim + 1, 32, rngs=rngs), nnx.swish, nnx.Linear(32, dim, rngs=rngs)
        )

    def __call__(self, t, x):
        return self.net(jnp.concatenate([x, jnp.array([t])]))


def em_step(drift, sigma, dt, state, key):
    t, x = state
    dw = jnp.sqrt(dt) * jax.random.normal(key, x.shape)
    x = x + drift(t, x) * dt + sigma * dw
    return (t + dt, x), dw


def simulate(drift, x0, key, n_steps=12, sigma=0.3, t1=1.0):
    step = ft.partial(em_step, drift, sigma, t1 / n_steps)
    keys = jax.random.split(key, n_steps)
    (_, x1), increments = jax.lax.scan(step, (0.0, x0), keys)
    return x1, increments


def main():
    drift = Drift(2, nnx.Rngs(0))
    x1, increments = simulate(drift, jnp.zeros(2), jax.random.key(4))
    return increments
