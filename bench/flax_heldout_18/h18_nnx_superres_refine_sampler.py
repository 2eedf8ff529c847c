# label: same-values
# flax-error: none
# class: 3 sample() draws one key from the sampler's Rngs before the scan; the body passes it to a noise helper every refinement step and records the noise it adds
"""Iterative-refinement super-resolution in NNX: a conditional denoiser run over a reverse noise schedule."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class SRConfig:
    low: int = 4
    scale: int = 2
    features: int = 8
    steps: int = 5


class ConditionalDenoiser(nnx.Module):
    def __init__(self, cfg, rngs):
        self.inp = nnx.Conv(2, cfg.features, (3, 3), rngs=rngs)
        self.time = nnx.Linear(1, cfg.features, rngs=rngs)
        self.mid = nnx.Conv(cfg.features, cfg.features, (3, 3), rngs=rngs)
        self.out = nnx.Conv(cfg.features, 1, (3, 3), rngs=rngs)

    def __call__(self, noisy, upsampled, t):
        h = nnx.silu(self.inp(jnp.concatenate([noisy, upsampled], -1)) + self.time(t[None, None]))
        return self.out(nnx.silu(self.mid(h)))


class RefinementSampler:
    def __init__(self, model, cfg, seed):
        self.model, self.cfg = model, cfg
        self.rngs = nnx.Rngs(noise=seed)
        betas = jnp.linspace(1e-3, 0.2, cfg.steps)
        self.betas, self.alpha_bar = betas, jnp.cumprod(1.0 - betas)

    def _noise_like(self, x, key):
        return jax.random.normal(key, x.shape)

    def _refine(self, x, t, up, key):
        eps = self.model(x, up, t.astype(jnp.float32))
        beta, abar = self.betas[t], self.alpha_bar[t]
        mean = (x - beta / jnp.sqrt(1 - abar) * eps) / jnp.sqrt(1 - beta)
        noise = self._noise_like(x, key)
        return mean + jnp.sqrt(beta) * noise, noise

    def sample(self, low_res):
        hr = self.cfg.low * self.cfg.scale
        up = jax.image.resize(low_res, low_res.shape[:1] + (hr, hr, 1), "bilinear")
        key = self.rngs.noise()
        x = jax.random.normal(self.rngs.noise(), up.shape)

        def body(x, t):
            return self._refine(x, t, up, key)

        x, noises = jax.lax.scan(body, x, jnp.arange(self.cfg.steps)[::-1])
        return x, noises


def main():
    cfg = SRConfig()
    model = ConditionalDenoiser(cfg, nnx.Rngs(0))
    low_res = jax.random.uniform(jax.random.key(1), (1, cfg.low, cfg.low, 1))
    image, noises = RefinementSampler(model, cfg, seed=3).sample(low_res)
    return noises
