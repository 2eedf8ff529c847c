# label: same-values
# flax-error: none
# class: 1 the sampling key is closed over by the scan body and used unchanged at every reverse step
"""DDPM ancestral sampler for a small Linen denoiser, rewritten from a Python loop to jax.lax.scan."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan

T = 8


class Denoiser(nn.Module):
    @nn.compact
    def __call__(self, x, t):
        temb = nn.Dense(16)(jnp.sin(t[:, None] * jnp.arange(1, 9)))
        h = nn.silu(nn.Dense(16)(x) + temb)
        return nn.Dense(x.shape[-1])(h)


def main():
    model = Denoiser()
    params = model.init(jax.random.key(0), jnp.ones((1, 4)), jnp.ones((1,)))
    betas = jnp.linspace(1e-4, 0.02, T)
    alphas = 1.0 - betas
    alpha_bar = jnp.cumprod(alphas)
    key = jax.random.key(42)
    x_T = jax.random.normal(jax.random.key(1), (3, 4))

    def reverse_step(x, t):
        eps = model.apply(params, x, jnp.full((x.shape[0],), t, jnp.float32))
        mean = (x - betas[t] / jnp.sqrt(1 - alpha_bar[t]) * eps) / jnp.sqrt(alphas[t])
        z = jax.random.normal(key, x.shape)
        x = mean + jnp.sqrt(betas[t]) * z
        return x, z

    _, noises = scan(reverse_step, x_T, jnp.arange(T - 1, -1, -1))
    return noises
