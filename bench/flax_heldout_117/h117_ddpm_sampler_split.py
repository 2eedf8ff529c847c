# label: ok
# flax-error: none
# class: 2 sample() passes the local PRNG key into the scan carry and splits it at every step
"""DDPM ancestral sampler for a small Linen denoiser on 2-D points.

Twin of h117_ddpm_sampler: the key travels in the scan carry and is split each step.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class Denoiser(nn.Module):
    hidden: int = 64

    @nn.compact
    def __call__(self, x, t):
        temb = jnp.concatenate([jnp.sin(t * 0.1), jnp.cos(t * 0.1)])[None, :]
        temb = jnp.broadcast_to(temb, (x.shape[0], 2))
        h = nn.Dense(self.hidden)(jnp.concatenate([x, temb], axis=-1))
        h = nn.silu(h)
        h = nn.silu(nn.Dense(self.hidden)(h))
        return nn.Dense(x.shape[-1])(h)


def sample(model, params, x_T, key, betas):
    alphas = 1.0 - betas
    alpha_bar = jnp.cumprod(alphas)

    def step(carry, t):
        x, key = carry
        key, sub = jax.random.split(key)
        eps = model.apply(params, x, t.astype(jnp.float32)[None])
        mean = (x - betas[t] / jnp.sqrt(1.0 - alpha_bar[t]) * eps) / jnp.sqrt(alphas[t])
        noise = jax.random.normal(sub, x.shape)
        x = mean + jnp.sqrt(betas[t]) * noise
        return (x, key), noise

    ts = jnp.arange(betas.shape[0])[::-1]
    (x0, _), noises = scan(step, (x_T, key), ts)
    return x0, noises


def main():
    T = 10
    betas = jnp.linspace(1e-4, 0.05, T)
    model = Denoiser()
    x_T = jax.random.normal(jax.random.key(0), (32, 2))
    params = model.init(jax.random.key(1), x_T, jnp.zeros((1,)))
    x0, noises = sample(model, params, x_T, jax.random.key(2), betas)
    print("sample spread", float(x0.std()))
    return noises
