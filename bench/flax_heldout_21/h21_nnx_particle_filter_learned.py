# label: same-values
# flax-error: none
# class: 4 a propose() helper called from a factory-built lax.scan step builds nnx.Rngs from the config seed and hands it to the proposal module's sample method
"""Particle filter whose proposal distribution is a learned NNX network."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class PFConfig:
    n_particles: int = 16
    dim: int = 2
    hidden: int = 16
    seed: int = 3
    obs_noise: float = 0.5


class LearnedProposal(nnx.Module):
    def __init__(self, cfg, rngs):
        self.net = nnx.Sequential(nnx.Linear(2 * cfg.dim, cfg.hidden, rngs=rngs), nnx.tanh,
                                  nnx.Linear(cfg.hidden, 2 * cfg.dim, rngs=rngs))

    def __call__(self, particles, y):
        inp = jnp.concatenate([particles, jnp.broadcast_to(y, particles.shape)], axis=-1)
        mu, log_std = jnp.split(self.net(inp), 2, axis=-1)
        return particles + mu, jnp.clip(log_std, -3.0, 1.0)

    def sample(self, particles, y, rngs):
        mu, log_std = self(particles, y)
        eps = jax.random.normal(rngs.proposal(), mu.shape)
        x = mu + jnp.exp(log_std) * eps
        log_q = jnp.sum(-0.5 * eps ** 2 - log_std, axis=-1)
        return x, log_q, eps


def propose(model, particles, y, cfg):
    rngs = nnx.Rngs(proposal=cfg.seed, resample=cfg.seed + 1)
    x, log_q, eps = model.sample(particles, y, rngs)
    return x, log_q, eps, jax.random.uniform(rngs.resample())


def systematic_resample(log_w, u0):
    n = log_w.shape[0]
    cdf = jnp.cumsum(jax.nn.softmax(log_w))
    return jnp.searchsorted(cdf, (u0 + jnp.arange(n)) / n).clip(0, n - 1)


def make_filter_step(model, cfg):
    def step(carry, y):
        particles, loglik = carry
        x, log_q, eps, u0 = propose(model, particles, y, cfg)
        log_prior = -0.5 * jnp.sum((x - 0.9 * particles) ** 2, axis=-1)
        log_lik = -0.5 * jnp.sum((y - x) ** 2, axis=-1) / cfg.obs_noise ** 2
        log_w = log_prior + log_lik - log_q
        loglik = loglik + jax.nn.logsumexp(log_w) - jnp.log(cfg.n_particles)
        return (x[systematic_resample(log_w, u0)], loglik), (eps, u0)
    return step


def main():
    cfg = PFConfig()
    model = LearnedProposal(cfg, nnx.Rngs(0))
    ys = jnp.cumsum(jax.random.normal(jax.random.key(1), (7, cfg.dim)) * 0.3, axis=0)
    init = (jnp.zeros((cfg.n_particles, cfg.dim)), 0.0)
    (_, loglik), noise_trace = jax.lax.scan(make_filter_step(model, cfg), init, ys)
    print(float(loglik))
    return noise_trace
