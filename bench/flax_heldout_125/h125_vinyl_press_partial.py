# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the batch_stats of PressQualityNet reach the while_loop body through a functools.partial(model.apply, variables, train=True) kept on QualityEvaluator
"""Vinyl pressing plant: a quality evaluator looks for the first pressing that fails inspection.

A shared helper builds the scoring function once as a partial of `model.apply`; the
evaluator walks the day's pressings with a while_loop until one scores above threshold.
"""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class PressQualityNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(8)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.relu(x))[..., 0]


def make_score_fn(model, variables, train):
    return functools.partial(model.apply, variables, train=train)


class QualityEvaluator:
    def __init__(self, model, variables, threshold=0.5):
        self.score_fn = make_score_fn(model, variables, train=True)
        self.threshold = threshold

    def first_reject(self, pressings):
        n = pressings.shape[0]

        def not_done(state):
            i, found = state
            return (i < n) & (found < 0)

        def inspect(state):
            i, found = state
            score = self.score_fn(pressings[i][None])[0]
            return i + 1, jnp.where(score > self.threshold, i, found)

        return lax.while_loop(not_done, inspect, (jnp.int32(0), jnp.int32(-1)))[1]


def main():
    pressings = jax.random.normal(jax.random.key(0), (12, 6))
    model = PressQualityNet()
    variables = model.init(jax.random.key(1), pressings[:4], train=False)
    evaluator = QualityEvaluator(model, variables)
    evaluator.first_reject(pressings).block_until_ready()
    return None
