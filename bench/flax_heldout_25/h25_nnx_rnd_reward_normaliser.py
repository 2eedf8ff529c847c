# label: ok
# flax-error: none
# class: 3 custom nnx.Variable statistics carried through the raw scan carry and assigned once after the loop
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

    def snapshot(self):
        return self.count.value, self.mean.value, self.var.value

    def restore(self, stats):
        self.count.value, self.mean.value, self.var.value = stats

    @staticmethod
    def update(stats, x):
        count, mean, var = stats
        count = count + 1.0
        delta = x - mean
        mean = mean + delta / count
        var = var + (delta * (x - mean) - var) / count
        return count, mean, var


class RNDExplorer(nnx.Module):
    def __init__(self, cfg: RNDConfig, rngs: nnx.Rngs):
        self.target = nnx.Linear(cfg.obs_dim, cfg.embed, rngs=rngs)
        self.predictor = nnx.Sequential(
            nnx.Linear(cfg.obs_dim, cfg.embed, rngs=rngs), nnx.relu, nnx.Linear(cfg.embed, cfg.embed, rngs=rngs))
        self.normaliser = RunningNormaliser()

    def intrinsic_reward(self, obs, stats):
        err = jnp.mean((self.predictor(obs) - jax.lax.stop_gradient(self.target(obs))) ** 2)
        stats = self.normaliser.update(stats, err)
        return err / jnp.sqrt(stats[2] + 1e-8), stats


def explore(explorer, cfg, obs0):
    def step(carry, _):
        obs, stats = carry
        bonus, stats = explorer.intrinsic_reward(obs, stats)
        obs = jnp.roll(obs, 1) * 0.9 + 0.1 * bonus
        return (obs, stats), bonus

    (obs, stats), bonuses = jax.lax.scan(step, (obs0, explorer.normaliser.snapshot()), None, length=cfg.steps)
    explorer.normaliser.restore(stats)
    return obs, bonuses


def main():
    cfg = RNDConfig()
    explorer = RNDExplorer(cfg, nnx.Rngs(0))
    _, bonuses = explore(explorer, cfg, jnp.linspace(0.0, 1.0, cfg.obs_dim))
    print("bonus", bonuses.round(3).tolist(), "count", float(explorer.normaliser.count.value))
    return None
