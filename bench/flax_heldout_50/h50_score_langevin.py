# label: same-values
# flax-error: none
# class: 4 annealed Langevin sampler in a module-level function; the noise key is split once before fori_loop and reused by every step
"""Annealed Langevin dynamics for a noise-conditional score network (NCSN-style)."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


@dataclass(frozen=True)
class SamplerConfig:
    n_steps: int = 6
    step_size: float = 1e-3
    sigma_max: float = 1.0
    sigma_min: float = 0.01


class ScoreNet(nn.Module):
    features: int = 32

    @nn.compact
    def __call__(self, x, sigma):
        h = jnp.concatenate([x, jnp.log(sigma) * jnp.ones_like(x[..., :1])], -1)
        h = nn.swish(nn.Dense(self.features)(h))
        h = nn.swish(nn.Dense(self.features)(h))
        return nn.Dense(x.shape[-1])(h) / sigma


def langevin_sample(score_fn, x, key, cfg: SamplerConfig):
    sigmas = jnp.geomspace(cfg.sigma_max, cfg.sigma_min, cfg.n_steps)
    key, noise_key = jax.random.split(key)
    noises = jnp.zeros((cfg.n_steps,) + x.shape)

    def body(i, carry):
        x, noises = carry
        sigma = sigmas[i]
        alpha = cfg.step_size * (sigma / cfg.sigma_min) ** 2
        z = jax.random.normal(noise_key, x.shape)
        x = x + alpha * score_fn(x, sigma) + jnp.sqrt(2 * alpha) * z
        return x, noises.at[i].set(z)

    _, noises = lax.fori_loop(0, cfg.n_steps, body, (x, noises))
    return noises


def main():
    model = ScoreNet()
    x0 = jnp.zeros((4, 2))
    params = model.init(jax.random.key(0), x0, 1.0)
    score_fn = lambda x, s: model.apply(params, x, s)
    return langevin_sample(score_fn, x0, jax.random.key(1), SamplerConfig())
