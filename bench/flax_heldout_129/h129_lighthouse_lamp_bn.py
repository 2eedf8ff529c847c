# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 trainer.evaluator.score() applies evaluator.variables with the frozen config's train flag inside the scan body
"""Nightly lamp-degradation scoring for a fleet of automated lighthouses.

The trainer rolls the lamp-health network over a week of nightly sensor readings; the evaluator
owns the model, its variables and the run configuration.
"""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class LampConfig:
    hidden: int = 16
    train_norm: bool = True
    nights: int = 7
    lamps: int = 8
    channels: int = 5


class LampHealthNet(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, readings, *, train: bool):
        h = nn.Dense(self.hidden, name="encode")(readings)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9, name="norm")(h)
        return nn.Dense(1, name="wear")(nn.relu(h))[..., 0]


class Evaluator:
    def __init__(self, model: LampHealthNet, variables, config: LampConfig):
        self.model = model
        self.variables = variables
        self.config = config

    def score(self, readings):
        return self.model.apply(self.variables, readings, train=self.config.train_norm)


class MaintenanceTrainer:
    def __init__(self, evaluator: Evaluator):
        self.evaluator = evaluator

    def rollout(self, nightly):
        def body(wear, readings):
            scores = self.evaluator.score(readings)
            return wear + scores.mean(), scores

        return lax.scan(body, jnp.zeros(()), nightly)


def main():
    cfg = LampConfig()
    model = LampHealthNet(cfg.hidden)
    nightly = jax.random.normal(jax.random.key(0), (cfg.nights, cfg.lamps, cfg.channels))
    variables = model.init(jax.random.key(1), nightly[0], train=False)
    trainer = MaintenanceTrainer(Evaluator(model, variables, cfg))
    wear, scores = trainer.rollout(nightly)
    assert scores.shape == (cfg.nights, cfg.lamps)
    return None
