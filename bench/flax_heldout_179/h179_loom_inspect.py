# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the scan body calls a functools.partial(model.apply, variables, train=True) kept on the inspector object
"""Textile loom inspection: scores each row of a fabric scan for weaving defects."""
import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclass(frozen=True)
class InspectorConfig:
    n_features: int = 24
    hidden: int = 32
    train: bool = True  # copied from the training config


class DefectScorer(nn.Module):
    hidden: int

    @nn.compact
    def __call__(self, row, train: bool):
        h = nn.Dense(self.hidden)(row)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(1)(nn.relu(h)).squeeze(-1)


class LoomInspector:
    def __init__(self, cfg: InspectorConfig, variables):
        self.cfg = cfg
        self.model = DefectScorer(cfg.hidden)
        self._score = functools.partial(self.model.apply, variables, train=cfg.train)

    def inspect(self, fabric):
        def per_row(worst, row):
            scores = self._score(row)
            return jnp.maximum(worst, scores.max()), scores

        worst, row_scores = scan(per_row, jnp.array(-jnp.inf), fabric)
        return worst, row_scores


def main():
    cfg = InspectorConfig()
    model = DefectScorer(cfg.hidden)
    sample = jnp.ones((4, cfg.n_features))
    variables = model.init(jax.random.key(0), sample, train=False)
    inspector = LoomInspector(cfg, variables)
    fabric = jax.random.normal(jax.random.key(1), (6, 4, cfg.n_features))
    worst, _ = inspector.inspect(fabric)
    worst.block_until_ready()
    return None


if __name__ == "__main__":
    main()
