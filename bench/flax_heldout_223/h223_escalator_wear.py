# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "cumulative" in "/" because collection "wear_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the scan body calls planner.evaluator.score, which applies a model built from a frozen config that asks for cumulative wear statistics
"""Escalator maintenance: step-chain wear scored day by day across a station's escalators."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class WearConfig:
    escalators: int = 4
    track_cumulative: bool = True
    seed: int = 0


class ChainWearModel(nn.Module):
    track_cumulative: bool = False

    @nn.compact
    def __call__(self, load):
        wear = nn.softplus(nn.Dense(1)(load)).squeeze(-1)
        cumulative = self.variable("wear_stats", "cumulative", jnp.zeros, wear.shape)
        if self.track_cumulative:
            cumulative.value = cumulative.value + wear
        return wear


class WearEvaluator:
    def __init__(self, cfg: WearConfig):
        self.model = ChainWearModel(track_cumulative=cfg.track_cumulative)
        sample = jnp.zeros((cfg.escalators, 3))
        self.variables = self.model.init(jax.random.key(cfg.seed), sample)

    def score(self, load):
        return self.model.apply(self.variables, load)


class MaintenancePlanner:
    def __init__(self, cfg: WearConfig):
        self.cfg = cfg
        self.evaluator = WearEvaluator(cfg)

    def schedule(self, daily_load, limit: float = 3.0):
        def day(total, load):
            total = total + self.evaluator.score(load)
            return total, total > limit

        return lax.scan(day, jnp.zeros(self.cfg.escalators), daily_load)


def main():
    planner = MaintenancePlanner(WearConfig())
    daily_load = jax.random.uniform(jax.random.key(8), (7, 4, 3))
    total, due = planner.schedule(daily_load)
    jax.block_until_ready(due)
    return None
