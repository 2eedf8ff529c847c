# label: ok
# flax-error: none
# class: 4 a sampler factory closes over the params; its fori_loop body applies the denoiser and draws noise from fold_in(key, t), writing each step's noise into a buffer
"""SR3-style super-resolution: iterative refinement of a noisy high-resolution image given a low-res input."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class SRConfig:
    scale: int = 2
    low_res: int = 4
    channels: int = 1
    features: int = 8
    steps: int = 6


class TimeEmbedding(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, t):
        freqs = jnp.exp(-jnp.arange(self.dim // 2) * 0.5)
        emb = jnp.concatenate([jnp.sin(t * freqs), jnp.cos(t * freqs)])
        return nn.Dense(self.dim)(emb)


class RefinementDenoiser(nn.Module):
    cfg: SRConfig

    @nn.compact
    def __call__(self, noisy, low_res, t):
        up = jax.image.resize(low_res, noisy.shape, "nearest")
        h = nn.Conv(self.cfg.features, (3, 3), padding="SAME")(jnp.concatenate([noisy, up], -1))
        h = nn.silu(h + TimeEmbedding(self.cfg.features)(t))
        h = nn.silu(nn.Conv(self.cfg.features, (3, 3), padding="SAME")(h))
        return nn.Conv(self.cfg.channels, (3, 3), padding="SAME")(h)


def make_sampler(model, params, cfg):
    betas = jnp.linspace(1e-3, 0.2, cfg.steps)
    alphas = 1.0 - betas
    alpha_bar = jnp.cumprod(alphas)

    def refine(t, state, low_res, key):
        x, noises = state
        step = cfg.steps - 1 - t
        eps = model.apply({"params": params}, x, low_res, step.astype(jnp.float32))
        mean = (x - betas[step] / jnp.sqrt(1 - alpha_bar[step]) * eps) / jnp.sqrt(alphas[step])
        noise = jax.random.normal(jax.random.fold_in(key, t), x.shape)
        x = mean + jnp.sqrt(betas[step]) * jnp.where(step > 0, noise, 0.0)
        return x, noises.at[t].set(noise)

    @jax.jit
    def sample(low_res, key):
        hr = cfg.low_res * cfg.scale
        key, init_key = jax.random.split(key)
        x = jax.random.normal(init_key, low_res.shape[:-3] + (hr, hr, cfg.channels))
        noises = jnp.zeros((cfg.steps,) + x.shape)
        body = functools.partial(refine, low_res=low_res, key=key)
        return jax.lax.fori_loop(0, cfg.steps, body, (x, noises))

    return sample


def main():
    cfg = SRConfig()
    model = RefinementDenoiser(cfg)
    low_res = jax.random.uniform(jax.random.key(0), (1, cfg.low_res, cfg.low_res, cfg.channels))
    hr = cfg.low_res * cfg.scale
    params = model.init(jax.random.key(1), jnp.zeros((1, hr, hr, cfg.channels)), low_res, 0.0)["params"]
    sample = make_sampler(model, params, cfg)
    image, noises = sample(low_res, jax.random.key(2))
    return noises
