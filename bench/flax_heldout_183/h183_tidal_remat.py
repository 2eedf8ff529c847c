# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(CheckpointTurbineBlock_0)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a factory returns the fori_loop body, closing over the variables of an nn.remat-wrapped turbine block run in training mode
"""Tidal stream turbine array: rematerialised blocks estimate power over tide cycles."""
import dataclasses
from typing import Callable

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class ArrayConfig:
    turbines: int = 5
    hidden: int = 12
    cycles: int = 4


class TurbineBlock(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, flow, train: bool):
        h = nn.Dense(self.hidden)(flow)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(1)(h))


class TurbineArray(nn.Module):
    cfg: ArrayConfig

    @nn.compact
    def __call__(self, flow, train: bool):
        block = nn.remat(TurbineBlock, static_argnums=(2,))(self.cfg.hidden)
        return block(flow, train).sum()


def make_rollout_step(model: nn.Module, variables, flows) -> Callable:
    def step(i, power):
        produced = model.apply(variables, flows[i], True)
        return power + produced

    return step


def main():
    cfg = ArrayConfig()
    flows = jax.random.uniform(jax.random.key(2), (cfg.cycles, cfg.turbines, 3), minval=0.5, maxval=2.5)
    model = TurbineArray(cfg)
    variables = model.init(jax.random.key(0), flows[0], False)
    step = make_rollout_step(model, variables, flows)
    power = lax.fori_loop(0, cfg.cycles, step, jnp.zeros(()))
    power.block_until_ready()
    return None
