# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/remat(block)/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 DisputeScorer scans self.block, an nn.remat(TxnBlock) wrapper whose BatchNorm follows cfg.train; the evaluator copies the config with dataclasses.replace and applies read-only
"""Card chargeback dispute scoring over a merchant's transaction sequence."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


@dataclasses.dataclass(frozen=True)
class ScorerConfig:
    features: int = 8
    hidden: int = 16
    dropout: float = 0.1
    train: bool = True

    def for_serving(self) -> "ScorerConfig":
        return dataclasses.replace(self, dropout=0.0)


class TxnBlock(nn.Module):
    cfg: ScorerConfig

    @nn.compact
    def __call__(self, h, txn):
        z = nn.Dense(self.cfg.hidden)(jnp.concatenate([h, txn], axis=-1))
        z = nn.BatchNorm(use_running_average=not self.cfg.train, momentum=0.95)(z)
        return jnp.tanh(z)


RematTxnBlock = nn.remat(TxnBlock)


class DisputeScorer(nn.Module):
    cfg: ScorerConfig

    def setup(self):
        self.block = RematTxnBlock(self.cfg)
        self.head = nn.Dense(1)

    def __call__(self, txns):  # txns: [time, merchants, features]
        h = jnp.zeros((txns.shape[1], self.cfg.hidden))
        if self.is_initializing():
            return jax.nn.sigmoid(self.head(self.block(h, txns[0])))[:, 0]

        def step(h, txn):
            return self.block(h, txn), None

        h, _ = lax.scan(step, h, txns)
        return jax.nn.sigmoid(self.head(h))[:, 0]


class DisputeEvaluator:
    def __init__(self, cfg: ScorerConfig, variables):
        self.cfg = cfg.for_serving()
        self.model = DisputeScorer(self.cfg)
        self.variables = variables

    def score(self, txns):
        return self.model.apply(self.variables, txns)


def main():
    cfg = ScorerConfig()
    txns = jax.random.normal(jax.random.key(0), (10, 5, cfg.features))
    variables = DisputeScorer(cfg).init(jax.random.key(1), txns)
    scores = DisputeEvaluator(cfg, variables).score(txns)
    print("dispute risk", scores.round(3))
    return None
