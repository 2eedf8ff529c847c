# label: same-values
# flax-error: none
# class: 5 helper builds nnx.Rngs(cfg.seed) afresh inside each lax.scan step to draw RFF weights
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


def rff_draw(z, cfg):
    rngs = nnx.Rngs(cfg.seed)
    omega = jax.random.normal(rngs(), (z.shape[-1], cfg.n_features)) / cfg.lengthscale
    phase = jax.random.uniform(rngs(), (cfg.n_features,), maxval=2 * jnp.pi)
    phi = jnp.sqrt(2.0 / cfg.n_features) * jnp.cos(z @ omega + phase)
    return phi @ jax.random.normal(rngs(), (cfg.n_features,))


def prior_samples(net, x, cfg, n_draws=5):
    z = net(x)

    def body(carry, _):
        return carry, rff_draw(z, cfg)

    _, fs = jax.lax.scan(body, None, None, length=n_draws)
    return fs


def main():
    net = FeatureNet(nnx.Rngs(1))
    x = jnp.linspace(-2, 2, 12)[:, None]
    return prior_samples(net, x, RFFConfig())
