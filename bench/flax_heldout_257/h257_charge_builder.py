# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 build_sweep turns the config into a functools.partial of charge_sweep bound to model.apply and the variables; fori_loop runs it as the body
"""Partial-charge equilibration driven by a learned corrector, assembled from a config by a builder."""

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import fori_loop


class ChargeCorrector(nn.Module):
    hidden: int = 12

    @nn.compact
    def __call__(self, atom_features, charges, train: bool = False):
        x = jnp.concatenate([atom_features, charges[:, None]], axis=-1)
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(1)(nn.tanh(x))[:, 0]


@dataclass(frozen=True)
class EquilibrationConfig:
    stage: str = "finetune"
    sweeps: int = 4
    damping: float = 0.5
    hidden: int = 12

    @property
    def training(self) -> bool:
        return self.stage in ("pretrain", "finetune")


def charge_sweep(apply_fn, variables, atom_features, damping, i, charges, *, train):
    correction = apply_fn(variables, atom_features, charges, train=train)
    correction = correction - correction.mean()
    return charges - damping * correction


def build_sweep(config: EquilibrationConfig, model, variables, atom_features):
    return functools.partial(
        charge_sweep, model.apply, variables, atom_features, config.damping, train=config.training
    )


def build_model(config: EquilibrationConfig):
    return ChargeCorrector(hidden=config.hidden)


def main():
    config = EquilibrationConfig()
    atom_features = jax.random.normal(jax.random.key(0), (7, 5))
    charges0 = jnp.zeros((7,))
    model = build_model(config)
    variables = model.init(jax.random.key(1), atom_features, charges0)
    sweep = build_sweep(config, model, variables, atom_features)
    charges = fori_loop(0, config.sweeps, sweep, charges0)
    jax.block_until_ready(charges)
