# label: ok
# flax-error: none
# class: 3 the Sampler draws one key from its held nnx.Rngs before the scan, splits it per step and its _step method receives each step key as xs
"""DDPM-style ancestral sampler for a small NNX noise-prediction network."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class DDPMConfig:
    dim: int = 4
    hidden: int = 16
    num_steps: int = 6
    beta_min: float = 1e-3
    beta_max: float = 0.2


class TimeEmbedding(nnx.Module):
    def __init__(self, hidden, *, rngs):
        self.proj = nnx.Linear(2, hidden, rngs=rngs)

    def __call__(self, t):
        return self.proj(jnp.stack([jnp.sin(t), jnp.cos(t)], -1))


class NoiseNet(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.time = TimeEmbedding(cfg.hidden, rngs=rngs)
        self.inp = nnx.Linear(cfg.dim, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, cfg.dim, rngs=rngs)

    def __call__(self, x, t):
        return self.out(nnx.silu(self.inp(x) + self.time(t)))


class Sampler:
    def __init__(self, model, cfg, seed):
        self.model = model
        self.cfg = cfg
        self.rngs = nnx.Rngs(noise=seed)
        self.betas = jnp.linspace(cfg.beta_min, cfg.beta_max, cfg.num_steps)
        self.alpha_bars = jnp.cumprod(1.0 - self.betas)

    def _step(self, x, inputs):
        t, key = inputs
        beta, alpha_bar = self.betas[t], self.alpha_bars[t]
        eps = self.model(x, jnp.full(x.shape[:1], t, jnp.float32))
        mean = (x - beta / jnp.sqrt(1.0 - alpha_bar) * eps) / jnp.sqrt(1.0 - beta)
        noise = jax.random.normal(key, x.shape)
        return mean + jnp.sqrt(beta) * noise, noise

    def sample(self, n):
        init_key, loop_key = jax.random.split(self.rngs.noise())
        x_T = jax.random.normal(init_key, (n, self.cfg.dim))
        ts = jnp.arange(self.cfg.num_steps)[::-1]
        keys = jax.random.split(loop_key, self.cfg.num_steps)
        return jax.lax.scan(self._step, x_T, (ts, keys))


def main():
    cfg = DDPMConfig()
    model = NoiseNet(cfg, rngs=nnx.Rngs(0))
    sampler = Sampler(model, cfg, seed=1)
    samples, injected_noise = sampler.sample(3)
    assert samples.shape == (3, cfg.dim)
    return injected_noise
