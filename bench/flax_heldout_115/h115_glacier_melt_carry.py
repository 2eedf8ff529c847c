# label: ok
# flax-error: none
# class: 5 build_melt_step() wraps functools.partial(model.apply, train=True, mutable=["batch_stats"]) in jax.checkpoint; batch stats ride in the fori_loop carry
"""Glacier melt modelling: daily ablation estimates from degree-day features along a flow line.

The step is built with mutable=["batch_stats"] and the statistics are threaded through the carry.
"""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


@dataclass(frozen=True)
class MeltConfig:
    days: int = 9
    hidden: int = 12
    rematerialize: bool = True


class AblationNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x, train: bool = False):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.Dense(1)(nn.gelu(h))[..., 0]


def build_melt_step(model, cfg: MeltConfig):
    step = functools.partial(model.apply, train=True, mutable=["batch_stats"])
    return jax.checkpoint(step) if cfg.rematerialize else step


class MeltTrainer:
    def __init__(self, cfg: MeltConfig, model, variables):
        self.cfg = cfg
        self.variables = variables
        self.step_fn = build_melt_step(model, cfg)

    def season_total(self, forcing):
        params = self.variables["params"]

        def body(day, carry):
            stats, total = carry
            ablation, updates = self.step_fn({"params": params, "batch_stats": stats}, forcing[day])
            return updates["batch_stats"], total + jnp.sum(ablation)

        stats, total = lax.fori_loop(0, self.cfg.days, body, (self.variables["batch_stats"], jnp.zeros(())))
        self.variables = {"params": params, "batch_stats": stats}
        return total


def main():
    cfg = MeltConfig()
    forcing = jax.random.normal(jax.random.key(0), (cfg.days, 7, 4))  # days, stakes, features
    model = AblationNet(hidden=cfg.hidden)
    variables = model.init(jax.random.key(1), forcing[0])
    trainer = MeltTrainer(cfg, model, variables)
    jax.block_until_ready(trainer.season_total(forcing))
    return None
