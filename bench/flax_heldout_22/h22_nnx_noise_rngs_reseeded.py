# label: same-values
# flax-error: none
# class: 2 scan body calls the helper exploration_noise(cfg, ...), which builds nnx.Rngs(noise=cfg.seed) and draws from it
# modelled on: google/flax docs_nnx guides randomness.md (nnx.Rngs streams) and google/flax#4589 `nnx.vmap` with `nnx.split_rngs` does not create multiple `Dropout` layers
"""Ornstein-Uhlenbeck style exploration noise for a deterministic NNX actor."""

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class NoiseConfig:
    seed: int = 7
    theta: float = 0.15
    sigma: float = 0.2
    steps: int = 6


class Actor(nnx.Module):
    def __init__(self, obs_dim, act_dim, rngs: nnx.Rngs):
        self.body = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.head = nnx.Linear(16, act_dim, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.head(nnx.relu(self.body(obs))))


def exploration_noise(cfg, shape):
    rngs = nnx.Rngs(noise=cfg.seed)
    return cfg.sigma * jax.random.normal(rngs.noise(), shape)


def act_with_noise(actor, cfg, observations):
    def step(ou_state, obs):
        dw = exploration_noise(cfg, ou_state.shape)
        ou_state = ou_state - cfg.theta * ou_state + dw
        return ou_state, (actor(obs) + ou_state, dw)

    _, (actions, increments) = jax.lax.scan(step, jnp.zeros(2), observations)
    return actions, increments


def main():
    cfg = NoiseConfig()
    actor = Actor(3, 2, rngs=nnx.Rngs(0))
    observations = jax.random.normal(jax.random.key(1), (cfg.steps, 3))
    actions, increments = act_with_noise(actor, cfg, observations)
    actions.block_until_ready()
    return increments
