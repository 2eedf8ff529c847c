# label: ok
# flax-error: none
# class: 5 the normaliser statistics enter and leave the scan body through the carry, params through self
"""Fraud-scoring service: a scorer with an online feature normaliser, run over a day of
transaction batches with lax.scan; the running statistics are threaded through the carry."""
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
        variables = self.model.init(jax.random.key(seed), jnp.zeros((cfg.batch, cfg.n_features)))
        self.params = variables["params"]
        self.norm_stats = variables["norm_stats"]
        self._apply = self.model.apply

    def score_day(self, batches):
        def body(carry, feats):
            n_flagged, stats = carry
            scores, updates = self._apply(
                {"params": self.params, "norm_stats": stats}, feats, mutable=["norm_stats"]
            )
            return (n_flagged + jnp.sum(scores > self.cfg.threshold), updates["norm_stats"]), scores

        (n_flagged, stats), _ = lax.scan(body, (jnp.zeros((), jnp.int32), self.norm_stats), batches)
        self.norm_stats = stats
        return n_flagged


def main():
    cfg = ServiceConfig()
    service = ScoringService(cfg)
    batches = jax.random.normal(jax.random.key(1), (6, cfg.batch, cfg.n_features))
    service.score_day(batches).block_until_ready()
    jax.tree.map(lambda a: a.block_until_ready(), service.norm_stats)
    return None
