# label: ok
# flax-error: none
# class: 4 a factory builds the reverse-diffusion step around model.apply; the jitted sampler scans it over timesteps with per-step keys as xs
"""DDPM ancestral sampling for a small time-conditioned MLP denoiser."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class DiffusionConfig:
    data_dim: int = 2
    width: int = 32
    num_blocks: int = 2
    timesteps: int = 10
    beta_min: float = 1e-3
    beta_max: float = 0.2


def sinusoidal_embedding(t, dim):
    freqs = jnp.exp(-jnp.log(1000.0) * jnp.arange(dim // 2) / (dim // 2))
    angles = t[:, None] * freqs[None]
    return jnp.concatenate([jnp.sin(angles), jnp.cos(angles)], -1)


class TimeResBlock(nn.Module):
    width: int

    @nn.compact
    def __call__(self, h, temb):
        z = nn.Dense(self.width)(nn.silu(nn.LayerNorm()(h)))
        z = z + nn.Dense(self.width)(temb)
        return h + nn.Dense(self.width)(nn.silu(z))


class EpsNet(nn.Module):
    cfg: DiffusionConfig

    @nn.compact
    def __call__(self, x, t):
        temb = nn.silu(nn.Dense(self.cfg.width)(sinusoidal_embedding(t, self.cfg.width)))
        h = nn.Dense(self.cfg.width)(x)
        for _ in range(self.cfg.num_blocks):
            h = TimeResBlock(self.cfg.width)(h, temb)
        return nn.Dense(self.cfg.data_dim)(h)


def make_schedule(cfg):
    betas = jnp.linspace(cfg.beta_min, cfg.beta_max, cfg.timesteps)
    alphas = 1.0 - betas
    return betas, alphas, jnp.cumprod(alphas)


def make_sampler_step(model, params, cfg):
    betas, alphas, alpha_bars = make_schedule(cfg)

    def step(x, inputs):
        t, key = inputs
        eps = model.apply({"params": params}, x, jnp.full((x.shape[0],), t, jnp.float32))
        mean = (x - betas[t] / jnp.sqrt(1.0 - alpha_bars[t]) * eps) / jnp.sqrt(alphas[t])
        noise = jax.random.normal(key, x.shape) * jnp.sqrt(betas[t]) * (t > 0)
        return mean + noise, mean + noise
    return step


def sample(model, params, cfg, key, n):
    key, init_key = jax.random.split(key)
    step = make_sampler_step(model, params, cfg)
    ts = jnp.arange(cfg.timesteps - 1, -1, -1)
    keys = jax.random.split(key, cfg.timesteps)
    x_T = jax.random.normal(init_key, (n, cfg.data_dim))
    _, trajectory = jax.jit(lambda x: jax.lax.scan(step, x, (ts, keys)))(x_T)
    return trajectory


def main():
    cfg = DiffusionConfig()
    model = EpsNet(cfg)
    variables = model.init(jax.random.key(0), jnp.zeros((1, cfg.data_dim)), jnp.zeros((1,)))
    trajectory = sample(model, variables["params"], cfg, jax.random.key(1), 4)
    print(trajectory[-1])
    return trajectory
