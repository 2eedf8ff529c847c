# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 StirrupEvaluator keeps the variables and an EvalConfig resolved from a nested dict; the while_loop body applies the model with evaluator.config.norm.train, which the dict sets to True
"""Saddlery QA: a stirrup-leather wear model is evaluated over inspection batches until the
configured number of batches or a wear budget is reached."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class WearModel(nn.Module):
    @nn.compact
    def __call__(self, stitching, train: bool):
        h = nn.Dense(10)(stitching)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return nn.softplus(nn.Dense(1)(h))[:, 0]


@dataclass(frozen=True)
class NormConfig:
    train: bool


@dataclass(frozen=True)
class EvalConfig:
    norm: NormConfig
    max_batches: int
    wear_budget: float

    @classmethod
    def from_dict(cls, raw):
        return cls(NormConfig(**raw["model"]["norm"]), **raw["eval"])


class StirrupEvaluator:
    def __init__(self, model, variables, config):
        self.model = model
        self.variables = variables
        self.config = config

    def total_wear(self, batches):
        def cond(state):
            i, wear = state
            return (i < self.config.max_batches) & (wear < self.config.wear_budget)

        def body(state):
            i, wear = state
            pred = self.model.apply(self.variables, batches[i], train=self.config.norm.train)
            return i + 1, wear + pred.sum()

        return lax.while_loop(cond, body, (0, jnp.zeros(())))


RAW_CONFIG = {
    "model": {"norm": {"train": True}},
    "eval": {"max_batches": 4, "wear_budget": 1e6},
}


def main():
    batches = jax.random.normal(jax.random.key(0), (4, 6, 3))
    model = WearModel()
    variables = model.init(jax.random.key(1), batches[0], train=False)
    evaluator = StirrupEvaluator(model, variables, EvalConfig.from_dict(RAW_CONFIG))
    evaluator.total_wear(batches)
    return None
