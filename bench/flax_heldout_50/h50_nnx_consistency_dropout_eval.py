# label: ok
# flax-error: none
# class: 2 multistep consistency sampling in a helper built with functools.partial; the closed-over NNX model is switched to eval mode first
"""Multistep consistency-model sampling (Song et al. 2023) with an NNX denoiser that uses dropout."""
import functools

import jax
import jax.numpy as jnp
from flax import nnx


class ConsistencyDenoiser(nnx.Module):
    def __init__(self, dim, hidden, *, sigma_data=0.5, rngs: nnx.Rngs):
        self.inp = nnx.Linear(dim + 1, hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.out = nnx.Linear(hidden, dim, rngs=rngs)
        self.sigma_data = sigma_data

    def __call__(self, x, sigma):
        c_skip = self.sigma_data**2 / (sigma**2 + self.sigma_data**2)
        c_out = sigma * self.sigma_data / jnp.sqrt(sigma**2 + self.sigma_data**2)
        h = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), jnp.log(sigma) / 4)], -1)
        h = self.drop(nnx.gelu(self.inp(h)))
        return c_skip * x + c_out * self.out(h)


def multistep_sample(model, x_T, sigmas, noises, sigma_min=0.002):
    def step(x, inputs):
        sigma_prev, sigma, z = inputs
        x0 = model(x, sigma_prev)
        x = x0 + jnp.sqrt(sigma**2 - sigma_min**2) * z
        return x, None

    x, _ = jax.lax.scan(step, x_T, (sigmas[:-1], sigmas[1:], noises))
    return model(x, sigmas[-1])


def main():
    model = ConsistencyDenoiser(4, 64, rngs=nnx.Rngs(0))
    model.eval()
    sigmas = jnp.array([80.0, 20.0, 5.0, 1.0, 0.2])
    noises = jax.random.normal(jax.random.key(1), (4, 8, 4))
    sample = functools.partial(multistep_sample, model, sigmas=sigmas, noises=noises)
    sample(80.0 * jax.random.normal(jax.random.key(2), (8, 4)))
    return None
