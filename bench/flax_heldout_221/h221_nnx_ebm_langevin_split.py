# label: ok
# flax-error: none
# class: 5 the fori_loop body is functools.partial(langevin_step, model); the key from rngs.noise() rides in the carry and is split every step
"""Langevin-dynamics sampling from an NNX energy-based model with fori_loop.

Twin of h221_nnx_ebm_langevin: the key drawn from rngs.noise() goes into the
fori_loop carry and is split at every step; only the model is bound with
functools.partial.
"""
from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx

N_STEPS = 10


class Energy(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(dim, 32, rngs=rngs)
        self.l2 = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.softplus(self.l1(x)))[..., 0]


def langevin_step(model, i, carry, step_size=0.01):
    x, noise_log, key = carry
    key, sub = jax.random.split(key)
    grad = jax.grad(lambda x: model(x).sum())(x)
    noise = jax.random.normal(sub, x.shape)
    x = x - step_size * grad + jnp.sqrt(2 * step_size) * noise
    return x, noise_log.at[i].set(noise), key


def sample(model, rngs, x0):
    body = partial(langevin_step, model)
    log = jnp.zeros((N_STEPS,) + x0.shape)
    x, log, _ = jax.lax.fori_loop(0, N_STEPS, body, (x0, log, rngs.noise()))
    return x, log


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    model = Energy(2, rngs)
    x0 = jax.random.uniform(jax.random.key(2), (5, 2), minval=-1, maxval=1)
    x, noise_log = sample(model, rngs, x0)
    return noise_log
