# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 build_melt_step() wraps functools.partial(model.apply, train=True) in jax.checkpoint; the trainer calls it in the fori_loop body without a mutable collection
"""Glacier melt modelling: daily ablation estimates from degree-day features along a flow line."""
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
    step = functools.partial(model.apply, train=True)
    return jax.checkpoint(step) if cfg.rematerialize else step


class MeltTrainer:
    def __init__(self, cfg: MeltConfig, model, variables):
        self.cfg = cfg
        self.variables = variables
        self.step_fn = build_melt_step(model, cfg)

    def season_total(self, forcing):
        def body(day, total):
            ablation = self.step_fn(self.variables, forcing[day])
            return total + jnp.sum(ablation)

        return lax.fori_loop(0, self.cfg.days, body, jnp.zeros(()))


def main():
    cfg = MeltConfig()
    forcing = jax.random.normal(jax.random.key(0), (cfg.days, 7, 4))  # days, stakes, features
    model = AblationNet(hidden=cfg.hidden)
    variables = model.init(jax.random.key(1), forcing[0])
    trainer = MeltTrainer(cfg, model, variables)
    jax.block_until_ready(trainer.season_total(forcing))
    return None
