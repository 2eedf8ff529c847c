# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/OnlineNormalizer_0" because collection "norm_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the scoring service's stored apply wrapper and variables are reached through self inside the scan body
"""Fraud-scoring service: a scorer with an online feature normaliser, run over a day of
transaction batches with lax.scan."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class OnlineNormalizer(nn.Module):
    momentum: float = 0.99

    @nn.compact
    def __call__(self, x):
        mean = self.variable("norm_stats", "mean", jnp.zeros, x.shape[-1:])
        var = self.variable("norm_stats", "var", jnp.ones, x.shape[-1:])
        if not self.is_initializing():
            mean.value = self.momentum * mean.value + (1 - self.momentum) * x.mean(0)
            var.value = self.momentum * var.value + (1 - self.momentum) * x.var(0)
        return (x - mean.value) / jnp.sqrt(var.value + 1e-6)


class FraudScorer(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, feats):
        h = OnlineNormalizer()(feats)
        h = nn.relu(nn.Dense(self.hidden)(h))
        return nn.sigmoid(nn.Dense(1)(h))[..., 0]


@dataclasses.dataclass
class ServiceConfig:
    n_features: int = 8
    batch: int = 32
    threshold: float = 0.9


class ScoringService:
    def __init__(self, cfg: ServiceConfig, seed: int = 0):
        self.cfg = cfg
        self.model = FraudScorer()
        self.variables = self.model.init(jax.random.key(seed), jnp.zeros((cfg.batch, cfg.n_features)))
        self._apply = self.model.apply

    def score_day(self, batches):
        def body(n_flagged, feats):
            scores = self._apply(self.variables, feats)
            return n_flagged + jnp.sum(scores > self.cfg.threshold), scores

        return lax.scan(body, jnp.zeros((), jnp.int32), batches)


def main():
    cfg = ServiceConfig()
    service = ScoringService(cfg)
    batches = jax.random.normal(jax.random.key(1), (6, cfg.batch, cfg.n_features))
    n_flagged, _ = service.score_day(batches)
    n_flagged.block_until_ready()
    return None
