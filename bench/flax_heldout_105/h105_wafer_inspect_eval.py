# label: ok
# flax-error: none
# class: 5 the scan body calls inspector.score_fn, a functools.partial(model.apply, variables, train=False) kept on the inspector
"""Semiconductor wafer inspection: score every die of a wafer map for defects.

The inspector is built once per recipe and keeps a ready-to-call scoring function, so the
scanning loop does not need to know about variables.
"""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class DieScorer(nn.Module):
    @nn.compact
    def __call__(self, patch, train: bool = True):
        x = nn.Conv(4, (3, 3))(patch[..., None])
        x = nn.BatchNorm(use_running_average=not train)(x)
        x = nn.relu(x).mean(axis=(0, 1))
        return nn.Dense(1)(x)[0]


class WaferInspector:
    def __init__(self, model: nn.Module, variables, threshold: float = 0.5):
        self.threshold = threshold
        self.score_fn = functools.partial(model.apply, variables, train=False)

    def inspect(self, dies):
        def visit(n_defects, die):
            score = nn.sigmoid(self.score_fn(die))
            flagged = score > self.threshold
            return n_defects + flagged.astype(jnp.int32), score

        return jax.lax.scan(visit, jnp.zeros((), jnp.int32), dies)


def main():
    dies = jax.random.normal(jax.random.key(0), (6, 8, 8))
    model = DieScorer()
    variables = model.init(jax.random.key(1), dies[0], train=False)
    inspector = WaferInspector(model, variables)
    inspector.inspect(dies)
    return None
