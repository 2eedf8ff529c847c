# label: ok
# flax-error: none
# class: 5 helper receives a per-step key scanned from keys split off nnx.Rngs(cfg.seed) before the loop
"""Deep-kernel GP prior samples in NNX: an NNX feature extractor followed by random Fourier
features; each scan step is meant to be an independent function draw."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class RFFConfig:
    n_features: int = 64
    lengthscale: float = 1.0
    seed: int = 0


class FeatureNet(nnx.Module):
    def __init__(self, rngs):
        self.l1 = nnx.Linear(1, 8, rngs=rngs)

    def __call__(self, x):
        return jnp.tanh(self.l1(x))


def rff_draw(z, key, cfg):
    kw, kb, ka = jax.random.split(key, 3)
    omega = jax.random.normal(kw, (z.shape[-1], cfg.n_features)) / cfg.lengthscale
    phase = jax.random.uniform(kb, (cfg.n_features,), maxval=2 * jnp.pi)
    phi = jnp.sqrt(2.0 / cfg.n_features) * jnp.cos(z @ omega + phase)
    return phi @ jax.random.normal(ka, (cfg.n_features,))


def prior_samples(net, x, cfg, n_draws=5):
    z = net(x)
    keys = jax.random.split(nnx.Rngs(cfg.seed)(), n_draws)

    def body(carry, key):
        return carry, rff_draw(z, key, cfg)

    _, fs = jax.lax.scan(body, None, keys)
    return fs


def main():
    net = FeatureNet(nnx.Rngs(1))
    x = jnp.linspace(-2, 2, 12)[:, None]
    return prior_samples(net, x, RFFConfig())
