# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 compact denoise method (creates its Dense layers) first reached through a bound method called in the raw fori_loop body
"""Toy DDPM ancestral sampler. The score network lives in the `denoise`
method of the sampler module; `__call__` runs the whole reverse chain."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax import lax, random
from flax import linen as nn


@dataclass
class DiffusionConfig:
    timesteps: int = 8
    beta_start: float = 1e-4
    beta_end: float = 0.02
    width: int = 32
    data_dim: int = 2


def linear_schedule(cfg: DiffusionConfig):
    betas = jnp.linspace(cfg.beta_start, cfg.beta_end, cfg.timesteps)
    alphas = 1.0 - betas
    return betas, alphas, jnp.cumprod(alphas)


def time_embedding(t, dim=8):
    freqs = jnp.exp(-jnp.arange(dim // 2) * 0.5)
    ang = t[..., None] * freqs
    return jnp.concatenate([jnp.sin(ang), jnp.cos(ang)], -1)


class Sampler(nn.Module):
    cfg: DiffusionConfig

    @nn.compact
    def denoise(self, x, t):
        h = jnp.concatenate([x, time_embedding(jnp.full(x.shape[:1], t, jnp.float32))], -1)
        h = nn.gelu(nn.Dense(self.cfg.width)(h))
        h = nn.gelu(nn.Dense(self.cfg.width)(h))
        return nn.Dense(self.cfg.data_dim)(h)

    def __call__(self, x_T, key):
        betas, alphas, alpha_bar = linear_schedule(self.cfg)
        eps_fn = self.denoise
        T = self.cfg.timesteps

        def reverse_step(i, state):
            x, key = state
            t = T - 1 - i
            eps = eps_fn(x, t)
            mean = (x - betas[t] / jnp.sqrt(1.0 - alpha_bar[t]) * eps) / jnp.sqrt(alphas[t])
            key, sub = random.split(key)
            noise = jnp.where(t > 0, 1.0, 0.0) * random.normal(sub, x.shape)
            return mean + jnp.sqrt(betas[t]) * noise, key

        x0, _ = lax.fori_loop(0, T, reverse_step, (x_T, key))
        return x0


def main():
    cfg = DiffusionConfig()
    model = Sampler(cfg)
    x_T = random.normal(random.PRNGKey(0), (16, cfg.data_dim))
    variables = model.init(random.PRNGKey(1), x_T, random.PRNGKey(2))
    variables = jax.tree.map(lambda a: a + 0, variables)
    samples = model.apply(variables, x_T, random.PRNGKey(3))
    return None
