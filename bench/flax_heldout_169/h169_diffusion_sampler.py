# label: same-values
# flax-error: none
# class: 2 a local PRNG key of the sampling function is closed over by the fori_loop body next to the params
"""DDPM-style ancestral sampling with a Linen denoiser inside lax.fori_loop.

Shape of the reports: "my diffusion samples come out smooth / the noise is the same every
step": the key is created once and closed over, so each step adds the same noise.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class Denoiser(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1, 5, dtype=jnp.float32))
        h = jnp.concatenate([x, jnp.broadcast_to(temb, x.shape[:-1] + (4,))], axis=-1)
        h = nn.gelu(nn.Dense(self.hidden)(h))
        return nn.Dense(x.shape[-1])(h)


def sample(model, params, x_T, num_steps, seed):
    betas = jnp.linspace(1e-4, 0.02, num_steps)
    alphas = 1.0 - betas
    alpha_bars = jnp.cumprod(alphas)
    key = jax.random.key(seed)
    noises = jnp.zeros((num_steps,) + x_T.shape)

    def body(i, carry):
        x, noises = carry
        t = num_steps - 1 - i
        eps_hat = model.apply(params, x, t.astype(jnp.float32))
        mean = (x - betas[t] / jnp.sqrt(1.0 - alpha_bars[t]) * eps_hat) / jnp.sqrt(alphas[t])
        z = jax.random.normal(key, x.shape)
        x = mean + jnp.sqrt(betas[t]) * z
        return x, noises.at[i].set(z)

    x0, noises = lax.fori_loop(0, num_steps, body, (x_T, noises))
    return x0, noises


def main():
    model = Denoiser()
    x_T = jax.random.normal(jax.random.key(1), (2, 3))
    params = model.init(jax.random.key(0), x_T, 0.0)
    _, noises = sample(model, params, x_T, num_steps=8, seed=42)
    return noises
