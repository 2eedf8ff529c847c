# label: ok
# flax-error: none
# class: 3 the denoiser is switched to eval mode (its Dropout off) and read by a _posterior_mean helper from the scan body; noise keys are folded from a base key with the step
"""DDPM ancestral sampling from an NNX denoiser trained with dropout."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class DDPMConfig:
    dim: int = 2
    width: int = 32
    timesteps: int = 12
    dropout: float = 0.1


class ResidualMLP(nnx.Module):
    def __init__(self, width, rate, *, rngs: nnx.Rngs):
        self.fc = nnx.Linear(width, width, rngs=rngs)
        self.drop = nnx.Dropout(rate, rngs=rngs)
        self.norm = nnx.LayerNorm(width, rngs=rngs)

    def __call__(self, h):
        return h + self.drop(nnx.silu(self.fc(self.norm(h))))


class Denoiser(nnx.Module):
    def __init__(self, cfg: DDPMConfig, *, rngs: nnx.Rngs):
        self.inp = nnx.Linear(cfg.dim + 1, cfg.width, rngs=rngs)
        self.blocks = nnx.List([ResidualMLP(cfg.width, cfg.dropout, rngs=rngs) for _ in range(2)])
        self.out = nnx.Linear(cfg.width, cfg.dim, rngs=rngs)
        self.timesteps = cfg.timesteps

    def __call__(self, x, t):
        tt = jnp.full((x.shape[0], 1), t / self.timesteps, jnp.float32)
        h = self.inp(jnp.concatenate([x, tt], -1))
        for block in self.blocks:
            h = block(h)
        return self.out(h)


def linear_schedule(n):
    betas = jnp.linspace(1e-3, 0.2, n)
    return betas, 1.0 - betas, jnp.cumprod(1.0 - betas)


def _posterior_mean(model, x, t, sched):
    betas, alphas, alpha_bars = sched
    eps = model(x, t)
    return (x - betas[t] / jnp.sqrt(1 - alpha_bars[t]) * eps) / jnp.sqrt(alphas[t])


def ancestral_sample(model, x_T, key, n_steps):
    model.eval()
    sched = linear_schedule(n_steps)

    def body(x, t):
        mean = _posterior_mean(model, x, t, sched)
        noise = jax.random.normal(jax.random.fold_in(key, t), x.shape)
        x = mean + (t > 0) * jnp.sqrt(sched[0][t]) * noise
        return x, x

    _, traj = jax.lax.scan(body, x_T, jnp.arange(n_steps - 1, -1, -1))
    return traj


def main():
    cfg = DDPMConfig()
    rngs = nnx.Rngs(params=0, dropout=1, sample=2)
    model = Denoiser(cfg, rngs=rngs)
    x_T = jax.random.normal(rngs.sample(), (4, cfg.dim))
    traj = ancestral_sample(model, x_T, rngs.sample(), cfg.timesteps)
    print(traj[-1])
    return traj
