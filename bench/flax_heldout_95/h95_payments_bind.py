# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 a model.bind(variables) bound scorer stored on the service object is called in train mode inside a raw lax.fori_loop
"""Payments-risk service: a window scorer re-scores the last N transaction batches of a
merchant with a bound risk model kept on the service object."""
import dataclasses
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass
class ScorerConfig:
    hidden: int = 16
    window: int = 5


class RiskScorer(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, x, train: bool = True):
        h = nn.Dense(self.hidden)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        h = nn.relu(h)
        return nn.Dense(1)(h)[..., 0]


class WindowScoringService:
    def __init__(self, config: ScorerConfig, variables):
        self.config = config
        self.model = RiskScorer(config.hidden)
        self.bound = self.model.bind(variables)

    @functools.partial(jax.jit, static_argnums=0)
    def score_window(self, batches):
        def body(i, total):
            return total + jax.nn.sigmoid(self.bound(batches[i])).mean()

        total = jax.lax.fori_loop(0, self.config.window, body, jnp.zeros(()))
        return total / self.config.window


def main():
    config = ScorerConfig()
    x = jnp.ones((8, 12))
    variables = RiskScorer(config.hidden).init(jax.random.key(0), x, train=False)
    service = WindowScoringService(config, variables)
    batches = jax.random.normal(jax.random.key(1), (config.window, 8, 12))
    jax.block_until_ready(service.score_window(batches))
    return None
