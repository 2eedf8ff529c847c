# label: ok
# flax-error: none
# class: 4 module-level sample_trajectories() receives the NNX MDN and an nnx.Rngs; one key is drawn and split into per-step keys scanned as xs
"""Mixture density network (NNX) world model: sampled multi-modal trajectories."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass
class RolloutConfig:
    horizon: int = 7
    temperature: float = 1.0


class MixtureDensity(nnx.Module):
    def __init__(self, d, n_mix, *, rngs):
        self.hidden = nnx.Linear(d, 32, rngs=rngs)
        self.pi = nnx.Linear(32, n_mix, rngs=rngs)
        self.mu = nnx.Linear(32, n_mix * d, rngs=rngs)
        self.n_mix, self.d = n_mix, d

    def __call__(self, s):
        h = nnx.tanh(self.hidden(s))
        return self.pi(h), self.mu(h).reshape(s.shape[:-1] + (self.n_mix, self.d))


def sample_trajectories(model, s0, rngs: nnx.Rngs, cfg: RolloutConfig):
    keys = jax.random.split(rngs.sample(), cfg.horizon)

    def step(s, key):
        k_comp, k_eps = jax.random.split(key)
        logits, mu = model(s)
        comp = jax.random.categorical(k_comp, logits / cfg.temperature)
        eps = 0.1 * jax.random.normal(k_eps, s.shape)
        s = jnp.take_along_axis(mu, comp[..., None, None], axis=-2)[..., 0, :] + eps
        return s, eps

    _, eps = jax.lax.scan(step, s0, keys)
    return eps


def main():
    model = MixtureDensity(2, 3, rngs=nnx.Rngs(0))
    return sample_trajectories(model, jnp.zeros((6, 2)), nnx.Rngs(sample=3), RolloutConfig())
