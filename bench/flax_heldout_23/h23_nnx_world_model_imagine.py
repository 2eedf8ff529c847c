# label: same-values
# flax-error: none
# class: 3 scan body calls the prior head's sample method, which reads the model's NoiseKey variable; the key is advanced only after the loop
"""Latent world model with a stochastic prior for exploration bonuses.

Plan2Explore-style disagreement: several next-latent samples are drawn from
the prior p(z' | h) and their spread is used as an intrinsic reward.
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class NoiseKey(nnx.Variable):
    """PRNG key owned by the model for imagination noise."""


@dataclasses.dataclass(frozen=True)
class WorldModelConfig:
    obs_dim: int = 6
    deter: int = 16
    stoch: int = 4
    n_draws: int = 5


class GaussianPrior(nnx.Module):
    def __init__(self, cfg, noise_key, rngs):
        self.net = nnx.Linear(cfg.deter, 2 * cfg.stoch, rngs=rngs)
        self.noise_key = noise_key

    def sample(self, h):
        mean, raw_std = jnp.split(self.net(h), 2, -1)
        eps = jax.random.normal(self.noise_key[...], mean.shape)
        return mean + nnx.softplus(raw_std) * eps


class WorldModel(nnx.Module):
    def __init__(self, cfg: WorldModelConfig, rngs: nnx.Rngs):
        self.cfg = cfg
        self.noise_key = NoiseKey(rngs.imagine())
        self.encoder = nnx.Linear(cfg.obs_dim, cfg.deter, rngs=rngs)
        self.prior = GaussianPrior(cfg, self.noise_key, rngs)

    def _draw(self, h, _):
        return h, self.prior.sample(h)

    def next_latent_samples(self, obs):
        h = jnp.tanh(self.encoder(obs))
        _, draws = jax.lax.scan(self._draw, h, None, length=self.cfg.n_draws)
        self.noise_key[...] = jax.random.split(self.noise_key[...])[0]
        return draws


def disagreement_bonus(draws):
    return jnp.mean(jnp.var(draws, axis=0), -1)


def main():
    cfg = WorldModelConfig()
    model = WorldModel(cfg, nnx.Rngs(params=0, imagine=1))
    obs = jax.random.normal(jax.random.key(2), (3, cfg.obs_dim))
    draws = model.next_latent_samples(obs)
    float(disagreement_bonus(draws).mean())
    return draws
