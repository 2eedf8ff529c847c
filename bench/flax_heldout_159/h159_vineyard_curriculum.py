# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "batches_seen" in "/" because collection "curriculum" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the curriculum scheduler's fori_loop body calls its trainer's forward, which applies the model held by the trainer with the trainer's variables
"""Vineyard irrigation planner trained with a curriculum over drought difficulty."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import fori_loop


@dataclass(frozen=True)
class CurriculumConfig:
    stages: int = 4
    start_difficulty: float = 0.2
    growth: float = 1.5


@dataclass(frozen=True)
class IrrigationConfig:
    rows: int = 6
    curriculum: CurriculumConfig = field(default_factory=CurriculumConfig)


class IrrigationPolicy(nn.Module):
    rows: int

    @nn.compact
    def __call__(self, soil, difficulty):
        seen = self.variable("curriculum", "batches_seen", lambda: jnp.zeros((), jnp.int32))
        h = nn.tanh(nn.Dense(16)(soil * (1.0 + difficulty)))
        if not self.is_initializing():
            seen.value = seen.value + 1
        return nn.softplus(nn.Dense(self.rows)(h))


class Trainer:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def forward(self, soil, difficulty):
        return self.model.apply(self.variables, soil, difficulty)


class CurriculumScheduler:
    def __init__(self, config, trainer):
        self.config = config
        self.trainer = trainer

    def difficulty(self, stage):
        c = self.config.curriculum
        return c.start_difficulty * c.growth ** stage

    def run(self, soil):
        def stage_body(stage, water):
            plan = self.trainer.forward(soil, self.difficulty(stage))
            return water + plan.sum()

        return fori_loop(0, self.config.curriculum.stages, stage_body, jnp.zeros(()))


def main():
    config = IrrigationConfig()
    model = IrrigationPolicy(rows=config.rows)
    soil = jax.random.uniform(jax.random.key(7), (3, config.rows))
    variables = model.init(jax.random.key(0), soil, 0.0)
    scheduler = CurriculumScheduler(config, Trainer(model, variables))
    jax.block_until_ready(scheduler.run(soil))
    return None
