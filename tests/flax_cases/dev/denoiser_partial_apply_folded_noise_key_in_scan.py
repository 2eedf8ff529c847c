# label: ok
# flax-error: none
# class: 4 a sampler factory binds functools.partial(model.apply, variables, method=Denoiser.step); the scan body gives it rngs={'noise': fold_in(key, t)}
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(x.shape[-1])(nn.tanh(nn.Dense(16)(x)))

    def step(self, x, scale):
        noise = jax.random.normal(self.make_rng("noise"), x.shape)
        return x - 0.1 * self(x) + scale * noise, noise


def make_sampler(model, variables, scale=0.3):
    step = functools.partial(model.apply, variables, method=Denoiser.step)

    def sample(x0, key, steps):
        def body(x, t):
            x, noise = step(x, scale, rngs={"noise": jax.random.fold_in(key, t)})
            return x, noise
        return jax.lax.scan(body, x0, jnp.arange(steps))

    return sample


def main():
    model = Denoiser()
    x0 = jnp.ones((2, 3))
    variables = model.init(jax.random.key(0), x0)
    sample = make_sampler(model, variables)
    _, noises = sample(x0, jax.random.key(1), 4)
    return noises
