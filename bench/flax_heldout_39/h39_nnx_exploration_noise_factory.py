# label: same-values
# flax-error: none
# class: 4 the raw scan body calls the exploration strategy from a registry; the strategy builds nnx.Rngs(explore=seed) from its config on every call
"""DDPG-style data collection: a deterministic NNX actor plus pluggable exploration strategies."""
import dataclasses
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class ExplorationConfig:
    kind: str = "gaussian"
    sigma: float = 0.2
    seed: int = 0


EXPLORATION: Dict[str, Callable[[ExplorationConfig], Callable]] = {}


def exploration(name):
    def register(factory):
        EXPLORATION[name] = factory
        return factory
    return register


@exploration("gaussian")
def gaussian_noise(cfg: ExplorationConfig):
    def perturb(action):
        rngs = nnx.Rngs(explore=cfg.seed)
        noise = cfg.sigma * jax.random.normal(rngs.explore(), action.shape)
        return jnp.clip(action + noise, -1.0, 1.0), noise
    return perturb


class Actor(nnx.Module):
    def __init__(self, obs_dim, act_dim, *, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(obs_dim, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, act_dim, rngs=rngs)

    def __call__(self, obs):
        return jnp.tanh(self.l2(nnx.relu(self.l1(obs))))


class Collector:
    def __init__(self, actor: Actor, explore_cfg: ExplorationConfig, horizon: int):
        self.actor = actor
        self.perturb = EXPLORATION[explore_cfg.kind](explore_cfg)
        self.horizon = horizon

    def collect(self, obs0):
        def body(obs, _):
            action, noise = self.perturb(self.actor(obs))
            next_obs = 0.9 * obs + 0.1 * jnp.pad(action, ((0, 0), (0, obs.shape[-1] - action.shape[-1])))
            return next_obs, noise

        _, noises = lax.scan(body, obs0, None, length=self.horizon)
        return noises  # [horizon, envs, act_dim]


def main():
    actor = Actor(4, 2, rngs=nnx.Rngs(0))
    collector = Collector(actor, ExplorationConfig(), horizon=5)
    return collector.collect(jnp.ones((3, 4)))
