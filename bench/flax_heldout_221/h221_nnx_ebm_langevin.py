# label: same-values
# flax-error: none
# class: 5 the fori_loop body is functools.partial(langevin_step, model, key=...), the key drawn once from rngs.noise() and bound in
"""Langevin-dynamics sampling from an NNX energy-based model with fori_loop.

Modelled on EBM training code ported to NNX: the user knows the body cannot
call the Rngs, so draws a key from rngs.noise() once and binds it, with the
energy model, into the loop body with functools.partial. The per-step noise
is recorded in a buffer carried through jax.lax.fori_loop.
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


def langevin_step(model, i, carry, key, step_size=0.01):
    x, noise_log = carry
    grad = jax.grad(lambda x: model(x).sum())(x)
    noise = jax.random.normal(key, x.shape)
    x = x - step_size * grad + jnp.sqrt(2 * step_size) * noise
    return x, noise_log.at[i].set(noise)


def sample(model, rngs, x0):
    body = partial(langevin_step, model, key=rngs.noise())
    log = jnp.zeros((N_STEPS,) + x0.shape)
    x, log = jax.lax.fori_loop(0, N_STEPS, body, (x0, log))
    return x, log


def main():
    rngs = nnx.Rngs(params=0, noise=1)
    model = Energy(2, rngs)
    x0 = jax.random.uniform(jax.random.key(2), (5, 2), minval=-1, maxval=1)
    x, noise_log = sample(model, rngs, x0)
    return noise_log
