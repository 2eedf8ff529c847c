# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the trip scorer fetches a session registered by name in a pool dict; the session's model and variables are applied inside the scan over trip segments
"""Insurance telematics: per-trip risk score over fixed-length driving segments.

Policies are served by name from a SessionPool that product teams fill with register(...).
"""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class ScoringConfig:
    segment_len: int = 8
    n_features: int = 6  # speed, accel, brake, lateral g, hour sin, hour cos
    hidden: int = 16
    train_mode: bool = True  # inherited from the shared training config


class SegmentRiskNet(nn.Module):
    hidden: int
    train: bool

    @nn.compact
    def __call__(self, seg):
        h = nn.Dense(self.hidden)(seg.reshape(seg.shape[0], -1))
        h = nn.BatchNorm(use_running_average=not self.train, momentum=0.95)(h)
        return nn.Dense(1)(nn.relu(h)).squeeze(-1)


class ModelSession:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables

    def forward(self, seg):
        return self.model.apply(self.variables, seg)


class SessionPool:
    def __init__(self):
        self._sessions = {}

    def register(self, name, model, variables):
        self._sessions[name] = ModelSession(model, variables)

    def get(self, name):
        return self._sessions[name]


class TripScorer:
    def __init__(self, pool, cfg):
        self.pool = pool
        self.cfg = cfg

    def score_trip(self, product, segments):
        session = self.pool.get(product)

        def body(total, seg):
            risk = session.forward(seg)
            return total + jnp.mean(risk), risk

        total, per_segment = jax.lax.scan(body, jnp.float32(0.0), segments)
        return total / segments.shape[0], per_segment


def main():
    cfg = ScoringConfig()
    model = SegmentRiskNet(cfg.hidden, train=cfg.train_mode)
    rng = jax.random.key(0)
    # 12 segments of a trip, 4 policyholders scored together
    segments = jax.random.normal(rng, (12, 4, cfg.segment_len, cfg.n_features))
    variables = model.init(rng, segments[0])

    pool = SessionPool()
    pool.register("pay-per-mile", model, variables)
    scorer = TripScorer(pool, cfg)
    score, _ = scorer.score_trip("pay-per-mile", segments)
    float(score)
    return None
