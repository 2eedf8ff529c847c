# label: same-values
# flax-error: none
# class: 1 the sampler module calls self.make_rng('noise') inside its raw scan body, so the key is drawn once when the body is traced
"""DDPM ancestral sampling written as a Linen module around a small denoiser."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class DiffusionConfig:
    steps: int = 6
    dim: int = 4
    beta_min: float = 1e-3
    beta_max: float = 0.2


class Denoiser(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, x, t):
        temb = jnp.sin(t * jnp.arange(1, 5, dtype=jnp.float32))
        h = nn.Dense(32)(jnp.concatenate([x, jnp.broadcast_to(temb, x.shape[:-1] + (4,))], -1))
        return nn.Dense(self.dim)(nn.silu(h))


class AncestralSampler(nn.Module):
    config: DiffusionConfig

    def setup(self):
        c = self.config
        self.denoiser = Denoiser(c.dim)
        self.betas = jnp.linspace(c.beta_min, c.beta_max, c.steps)

    def __call__(self, x_T):
        alphas = 1.0 - self.betas
        alpha_bars = jnp.cumprod(alphas)
        if self.is_initializing():
            self.denoiser(x_T, jnp.zeros((), jnp.float32))  # create params outside the scan

        def step(x, t):
            eps_hat = self.denoiser(x, t.astype(jnp.float32))
            mean = (x - self.betas[t] / jnp.sqrt(1 - alpha_bars[t]) * eps_hat) / jnp.sqrt(alphas[t])
            z = jax.random.normal(self.make_rng("noise"), x.shape)
            return mean + jnp.sqrt(self.betas[t]) * z, z

        ts = jnp.arange(self.config.steps)[::-1]
        x0, noises = jax.lax.scan(step, x_T, ts)
        return x0, noises


def main():
    cfg = DiffusionConfig()
    sampler = AncestralSampler(cfg)
    x_T = jax.random.normal(jax.random.key(0), (2, cfg.dim))
    variables = sampler.init({"params": jax.random.key(1), "noise": jax.random.key(2)}, x_T)
    _, noises = sampler.apply(variables, x_T, rngs={"noise": jax.random.key(3)})
    return noises
