# label: ok
# flax-error: none
# class: 5 a factory returns the fori_loop body for an nn.remat-wrapped turbine block; batch_stats enter and leave through the loop carry
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


def make_rollout_step(model: nn.Module, params, flows) -> Callable:
    def step(i, carry):
        power, batch_stats = carry
        produced, updates = model.apply(
            {"params": params, "batch_stats": batch_stats}, flows[i], True, mutable=["batch_stats"]
        )
        return power + produced, updates["batch_stats"]

    return step


def main():
    cfg = ArrayConfig()
    flows = jax.random.uniform(jax.random.key(2), (cfg.cycles, cfg.turbines, 3), minval=0.5, maxval=2.5)
    model = TurbineArray(cfg)
    variables = model.init(jax.random.key(0), flows[0], False)
    step = make_rollout_step(model, variables["params"], flows)
    power, batch_stats = lax.fori_loop(0, cfg.cycles, step, (jnp.zeros(()), variables["batch_stats"]))
    jax.block_until_ready((power, batch_stats))
    return None
