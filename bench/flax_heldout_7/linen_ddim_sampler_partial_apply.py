# label: ok
# flax-error: none
# class: 4 a module-level DDPM-style sampler scans over (t, key) with the denoiser bound by functools.partial(model.apply, params)
from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1, 5))
        h = nn.silu(nn.Dense(32)(jnp.concatenate([x, jnp.broadcast_to(temb, x.shape[:-1] + (4,))], -1)))
        return nn.Dense(x.shape[-1])(h)


def ancestral_sample(eps_fn, x_T, keys, betas):
    alphas = 1.0 - betas
    abar = jnp.cumprod(alphas)

    def step(x, inp):
        t, key = inp
        eps = eps_fn(x, t / len(betas))
        mean = (x - betas[t] / jnp.sqrt(1 - abar[t]) * eps) / jnp.sqrt(alphas[t])
        x = mean + jnp.sqrt(betas[t]) * jax.random.normal(key, x.shape)
        return x, x

    ts = jnp.arange(len(betas))[::-1]
    return jax.lax.scan(step, x_T, (ts, keys))[1]


def main():
    model = Denoiser()
    x_T = jax.random.normal(jax.random.PRNGKey(0), (3, 2))
    params = model.init(jax.random.PRNGKey(1), x_T, 0.0)
    betas = jnp.linspace(1e-4, 0.02, 10)
    keys = jax.random.split(jax.random.PRNGKey(2), 10)
    return ancestral_sample(partial(model.apply, params), x_T, keys, betas)
