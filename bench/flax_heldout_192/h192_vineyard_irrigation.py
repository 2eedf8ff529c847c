# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 functools.partial(model.apply, variables, train=True) kept on an IrrigationScheduler; the scan body calls self.policy
"""Vineyard drip-irrigation planner: decides valve openings block by block over a forecast."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class BlockConfig:
    n_blocks: int = 5
    n_features: int = 7
    horizon: int = 6
    adapt_norm: bool = True  # keep soil statistics fresh during the season


class MoistureModel(nn.Module):
    @nn.compact
    def __call__(self, obs, train: bool = False):
        h = nn.Dense(12)(obs)
        h = nn.BatchNorm(use_running_average=not train)(h)
        h = nn.relu(h)
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


class IrrigationScheduler:
    def __init__(self, model: nn.Module, variables, cfg: BlockConfig):
        self.cfg = cfg
        self.policy = functools.partial(model.apply, variables, train=cfg.adapt_norm)

    def plan(self, obs0, evapotranspiration):
        def day(obs, et):
            valve = self.policy(obs)
            obs = obs.at[:, 0].add(0.3 * valve - et)
            return obs, valve

        return scan(day, obs0, evapotranspiration)


def main():
    cfg = BlockConfig()
    obs = jax.random.uniform(jax.random.key(0), (cfg.n_blocks, cfg.n_features))
    et = jax.random.uniform(jax.random.key(1), (cfg.horizon, cfg.n_blocks)) * 0.1
    model = MoistureModel()
    variables = model.init(jax.random.key(2), obs)
    scheduler = IrrigationScheduler(model, variables, cfg)
    _, valves = scheduler.plan(obs, et)
    valves.block_until_ready()
    return None
