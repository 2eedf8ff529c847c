# label: same-values
# flax-error: none
# class: 4 a DiffusionSampler draws one key from model.rngs.noise() before the scan and the body reuses that key for every denoising step
"""Ancestral sampler for a tiny NNX denoiser; returns the per-step injected noise."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class Denoiser(nnx.Module):
    def __init__(self, dim, *, rngs: nnx.Rngs):
        self.net = nnx.Sequential(
            nnx.Linear(dim + 1, 32, rngs=rngs), nnx.silu, nnx.Linear(32, dim, rngs=rngs)
        )
        self.rngs = rngs

    def __call__(self, x, t):
        tt = jnp.full(x.shape[:-1] + (1,), t, x.dtype)
        return self.net(jnp.concatenate([x, tt], axis=-1))


@dataclasses.dataclass
class SamplerConfig:
    steps: int = 6
    batch: int = 4
    dim: int = 3
    sigma: float = 0.5


class DiffusionSampler:
    def __init__(self, model: Denoiser, cfg: SamplerConfig):
        self.model = model
        self.cfg = cfg

    def injected_noise(self, x0):
        key = self.model.rngs.noise()
        ts = jnp.linspace(1.0, 0.0, self.cfg.steps)

        def body(x, t):
            eps = self.cfg.sigma * jax.random.normal(key, x.shape)
            x = x - 0.1 * self.model(x, t) + eps
            return x, eps

        _, noise = lax.scan(body, x0, ts)
        return noise


def main():
    cfg = SamplerConfig()
    model = Denoiser(cfg.dim, rngs=nnx.Rngs(params=0, noise=1))
    model.eval()
    return DiffusionSampler(model, cfg).injected_noise(jnp.zeros((cfg.batch, cfg.dim)))
