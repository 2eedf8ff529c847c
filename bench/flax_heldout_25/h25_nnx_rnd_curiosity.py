# label: trace-context
# flax-error: TraceContextError: Cannot mutate RunningStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 custom nnx.Variable subclass in a held normaliser updated from the raw scan body via explorer.intrinsic_reward
"""Curiosity-driven exploration with random network distillation and running reward normalisation."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class RNDConfig:
    obs_dim: int = 6
    embed: int = 16
    steps: int = 10


class RunningStat(nnx.Variable):
    pass


class RunningNormaliser(nnx.Module):
    def __init__(self):
        self.count = RunningStat(jnp.array(1e-4))
        self.mean = RunningStat(jnp.zeros(()))
        self.var = RunningStat(jnp.ones(()))

    def update(self, x):
        count = self.count.value + 1.0
        delta = x - self.mean.value
        self.mean.value = self.mean.value + delta / count
        self.var.value = self.var.value + (delta * (x - self.mean.value) - self.var.value) / count
        self.count.value = count

    def normalise(self, x):
        return x / jnp.sqrt(self.var.value + 1e-8)


class RNDExplorer(nnx.Module):
    def __init__(self, cfg: RNDConfig, rngs: nnx.Rngs):
        self.target = nnx.Linear(cfg.obs_dim, cfg.embed, rngs=rngs)
        self.predictor = nnx.Sequential(
            nnx.Linear(cfg.obs_dim, cfg.embed, rngs=rngs), nnx.relu, nnx.Linear(cfg.embed, cfg.embed, rngs=rngs))
        self.normaliser = RunningNormaliser()

    def intrinsic_reward(self, obs):
        err = jnp.mean((self.predictor(obs) - jax.lax.stop_gradient(self.target(obs))) ** 2)
        self.normaliser.update(err)
        return self.normaliser.normalise(err)


def explore(explorer, cfg, obs0):
    def step(obs, _):
        bonus = explorer.intrinsic_reward(obs)
        obs = jnp.roll(obs, 1) * 0.9 + 0.1 * bonus
        return obs, bonus

    return jax.lax.scan(step, obs0, None, length=cfg.steps)


def main():
    cfg = RNDConfig()
    explorer = RNDExplorer(cfg, nnx.Rngs(0))
    _, bonuses = explore(explorer, cfg, jnp.linspace(0.0, 1.0, cfg.obs_dim))
    print("bonus", bonuses.round(3).tolist(), "count", float(explorer.normaliser.count.value))
    return None
