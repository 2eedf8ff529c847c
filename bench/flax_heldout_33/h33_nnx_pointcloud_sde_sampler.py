# label: same-values
# flax-error: none
# class: 1 the fori_loop body builds nnx.Rngs(noise=cfg.seed) inline and draws the Euler-Maruyama noise from it every step
"""Stochastic flow-matching sampler for small 2-D point clouds (shape generation).

A velocity network v(x, t) conditioned on a shape class is integrated from
Gaussian noise to data with Euler-Maruyama steps; a small diffusion term
keeps samples diverse. The injected noise is returned per step.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class SamplerConfig:
    n_points: int = 6
    n_classes: int = 3
    hidden: int = 32
    n_steps: int = 5
    sigma: float = 0.1
    seed: int = 0


class TimeEmbedding(nnx.Module):
    def __init__(self, dim, *, rngs):
        self.freqs = nnx.Param(jax.random.normal(rngs.params(), (dim // 2,)))

    def __call__(self, t):
        ang = 2 * jnp.pi * t[..., None] * self.freqs[...]
        return jnp.concatenate([jnp.sin(ang), jnp.cos(ang)], -1)


class VelocityField(nnx.Module):
    def __init__(self, cfg: SamplerConfig, *, rngs: nnx.Rngs):
        self.time = TimeEmbedding(16, rngs=rngs)
        self.label = nnx.Embed(cfg.n_classes, 16, rngs=rngs)
        self.point_in = nnx.Linear(2, cfg.hidden, rngs=rngs)
        self.cond = nnx.Linear(32, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 2, rngs=rngs)

    def __call__(self, x, t, label):
        c = jnp.concatenate([self.time(t), self.label(label)], -1)
        h = nnx.silu(self.point_in(x) + self.cond(c)[:, None, :])
        # mean-pool interaction so points see the rest of the cloud
        h = h + h.mean(1, keepdims=True)
        return self.out(h)


def sample(model, labels, cfg: SamplerConfig, key):
    batch = labels.shape[0]
    x = jax.random.normal(key, (batch, cfg.n_points, 2))
    dt = 1.0 / cfg.n_steps
    noises = jnp.zeros((cfg.n_steps, batch, cfg.n_points, 2))

    def body(i, carry):
        x, noises = carry
        t = jnp.full((batch,), i * dt)
        rngs = nnx.Rngs(noise=cfg.seed)
        eps = jax.random.normal(rngs.noise(), x.shape)
        x = x + dt * model(x, t, labels) + cfg.sigma * jnp.sqrt(dt) * eps
        return x, noises.at[i].set(eps)

    return jax.lax.fori_loop(0, cfg.n_steps, body, (x, noises))


def main():
    cfg = SamplerConfig()
    model = VelocityField(cfg, rngs=nnx.Rngs(params=0))
    labels = jnp.array([0, 2])
    clouds, noises = sample(model, labels, cfg, jax.random.PRNGKey(4))
    return noises
