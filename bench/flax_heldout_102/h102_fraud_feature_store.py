# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a model.bind(..., mutable=['stats']) held by a ScorerSession, reached as service.session.score(), is called in the scan body
"""Card-fraud scoring service: feature-store lookup, a running feature normaliser, a risk head."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class ScoringConfig:
    n_features: int = 6
    hidden: int = 16
    momentum: float = 0.9
    threshold: float = 0.5


class RunningNormalizer(nn.Module):
    momentum: float

    @nn.compact
    def __call__(self, x):
        mean = self.variable("stats", "mean", jnp.zeros, x.shape[-1:])
        mean.value = self.momentum * mean.value + (1.0 - self.momentum) * x
        return x - mean.value


class RiskScorer(nn.Module):
    cfg: ScoringConfig

    @nn.compact
    def __call__(self, x):
        x = RunningNormalizer(self.cfg.momentum)(x)
        x = nn.relu(nn.Dense(self.cfg.hidden)(x))
        return nn.sigmoid(nn.Dense(1)(x))[..., 0]


class FeatureStore:
    def __init__(self, n_merchants: int, n_features: int):
        self.table = jax.random.normal(jax.random.key(7), (n_merchants, n_features))

    def lookup(self, merchant_ids):
        return self.table[merchant_ids]


class ScorerSession:
    """One warm model per worker; keeps the normaliser statistics between requests."""

    def __init__(self, model: nn.Module, variables):
        self.bound = model.bind(variables, mutable=["stats"])

    def score(self, features):
        return self.bound(features)

    def export_stats(self):
        return self.bound.variables["stats"]


class FraudScoringService:
    def __init__(self, cfg: ScoringConfig, store: FeatureStore, session: ScorerSession):
        self.cfg = cfg
        self.store = store
        self.session = session

    def score_stream(self, merchant_ids):
        feats = self.store.lookup(merchant_ids)

        def body(n_flagged, f):
            s = self.session.score(f)
            return n_flagged + (s > self.cfg.threshold).astype(jnp.int32), s

        return jax.lax.scan(body, jnp.zeros((), jnp.int32), feats)

    def snapshot(self):
        return jax.tree.map(lambda a: jnp.round(a, 3), self.session.export_stats())


def main():
    cfg = ScoringConfig()
    model = RiskScorer(cfg)
    variables = model.init(jax.random.key(0), jnp.zeros((cfg.n_features,)))
    service = FraudScoringService(cfg, FeatureStore(32, cfg.n_features), ScorerSession(model, variables))
    service.score_stream(jnp.arange(10) % 32)
    service.snapshot()
    return None
