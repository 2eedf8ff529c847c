# label: same-values
# flax-error: none
# class: 4 module-level Euler-Maruyama solver gets apply_fn and one PRNG key, body closes over the key
"""Neural SDE with a learned drift and diffusion, integrated by Euler-Maruyama."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class SDEConfig:
    dim: int = 3
    dt: float = 0.05
    n_steps: int = 10


class DriftDiffusion(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, t, x):
        tx = jnp.concatenate([x, jnp.full(x.shape[:-1] + (1,), t)], -1)
        h = nn.tanh(nn.Dense(32)(tx))
        drift = nn.Dense(self.dim)(h)
        diffusion = nn.softplus(nn.Dense(self.dim)(h))
        return drift, diffusion


def euler_maruyama(apply_fn, params, x0, key, cfg):
    def step(x, t):
        drift, diffusion = apply_fn(params, t, x)
        dw = jnp.sqrt(cfg.dt) * jax.random.normal(key, x.shape)
        return x + drift * cfg.dt + diffusion * dw, dw

    ts = jnp.arange(cfg.n_steps) * cfg.dt
    _, increments = lax.scan(step, x0, ts)
    return increments


def main():
    cfg = SDEConfig()
    model = DriftDiffusion(cfg.dim)
    x0 = jnp.zeros((4, cfg.dim))
    params = model.init(jax.random.key(0), 0.0, x0)
    solve = functools.partial(euler_maruyama, model.apply, cfg=cfg)
    return solve(params, x0, jax.random.key(7))
