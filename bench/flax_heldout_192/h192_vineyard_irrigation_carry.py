# label: ok
# flax-error: none
# class: 5 functools.partial(model.apply, train=True, mutable=["batch_stats"]) kept on an IrrigationScheduler; batch_stats ride in the scan carry
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
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.policy = functools.partial(model.apply, train=cfg.adapt_norm, mutable=["batch_stats"])

    def plan(self, obs0, evapotranspiration):
        def day(carry, et):
            obs, stats = carry
            valve, updates = self.policy({"params": self.params, "batch_stats": stats}, obs)
            obs = obs.at[:, 0].add(0.3 * valve - et)
            return (obs, updates["batch_stats"]), valve

        (obs, stats), valves = scan(day, (obs0, self.batch_stats), evapotranspiration)
        self.batch_stats = stats
        return obs, valves


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
