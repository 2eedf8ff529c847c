# label: same-values
# flax-error: none
# class: 3 the sampler's scan body rebuilds nnx.Rngs from the config seed and hands it to a Langevin noise helper held by the sampler
"""Ancestral sampling for a tiny waveform diffusion model (DDPM-style, few steps).

A denoiser predicts the noise in a short audio chunk conditioned on the step; the sampler
walks the schedule backwards and re-injects Langevin noise at each step.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx


@dataclasses.dataclass(frozen=True)
class DiffusionConfig:
    samples: int = 16
    hidden: int = 24
    steps: int = 5
    seed: int = 11


class Denoiser(nnx.Module):
    def __init__(self, cfg: DiffusionConfig, rngs: nnx.Rngs):
        self.inp = nnx.Linear(cfg.samples + 1, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, cfg.samples, rngs=rngs)

    def __call__(self, x, t):
        return self.out(nnx.silu(self.inp(jnp.concatenate([x, t[None]]))))


class LangevinNoise:
    def __init__(self, shape):
        self.shape = shape

    def __call__(self, rngs: nnx.Rngs):
        return jax.random.normal(rngs.noise(), self.shape)


class AncestralSampler:
    def __init__(self, denoiser, cfg):
        self.denoiser, self.cfg = denoiser, cfg
        self.betas = jnp.linspace(1e-3, 0.2, cfg.steps)
        self.alpha_bar = jnp.cumprod(1.0 - self.betas)
        self.noise = LangevinNoise((cfg.samples,))

    def _reverse(self, x, t):
        beta, abar = self.betas[t], self.alpha_bar[t]
        eps_hat = self.denoiser(x, t / self.cfg.steps)
        mean = (x - beta / jnp.sqrt(1 - abar) * eps_hat) / jnp.sqrt(1 - beta)
        z = self.noise(nnx.Rngs(noise=self.cfg.seed))
        return mean + jnp.sqrt(beta) * z, z

    def sample(self, x_T):
        ts = jnp.arange(self.cfg.steps - 1, -1, -1)
        return jax.lax.scan(self._reverse, x_T, ts)


def main():
    cfg = DiffusionConfig()
    sampler = AncestralSampler(Denoiser(cfg, nnx.Rngs(0)), cfg)
    x_T = jax.random.normal(jax.random.key(cfg.seed + 1), (cfg.samples,))
    audio, injected = sampler.sample(x_T)
    print("chunk rms", float(jnp.sqrt(jnp.mean(audio ** 2))))
    return injected
