# label: ok
# flax-error: none
# class: 4 trainer.evaluator.score() applies evaluator.variables inside the scan body; batch_stats travel in the carry and are written back after the loop
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

    def score(self, readings, batch_stats):
        variables = {"params": self.variables["params"], "batch_stats": batch_stats}
        scores, updates = self.model.apply(
            variables, readings, train=self.config.train_norm, mutable=["batch_stats"]
        )
        return scores, updates["batch_stats"]

    def commit(self, batch_stats):
        self.variables = {"params": self.variables["params"], "batch_stats": batch_stats}


class MaintenanceTrainer:
    def __init__(self, evaluator: Evaluator):
        self.evaluator = evaluator

    def rollout(self, nightly):
        def body(carry, readings):
            wear, stats = carry
            scores, stats = self.evaluator.score(readings, stats)
            return (wear + scores.mean(), stats), scores

        init = (jnp.zeros(()), self.evaluator.variables["batch_stats"])
        (wear, stats), scores = lax.scan(body, init, nightly)
        self.evaluator.commit(stats)
        return wear, scores


def main():
    cfg = LampConfig()
    model = LampHealthNet(cfg.hidden)
    nightly = jax.random.normal(jax.random.key(0), (cfg.nights, cfg.lamps, cfg.channels))
    variables = model.init(jax.random.key(1), nightly[0], train=False)
    trainer = MaintenanceTrainer(Evaluator(model, variables, cfg))
    wear, scores = trainer.rollout(nightly)
    assert scores.shape == (cfg.nights, cfg.lamps)
    return None
