# label: same-values
# flax-error: none
# class: 4 a functools.partial(model.apply, variables) kept on the ScoringBackend held by the RerankService runs in the lax.scan body with one dropout key closed over
"""Podcast recommendation reranker: Monte-Carlo dropout rounds over one candidate slate give the
exploration scores the reranker samples from."""

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


@dataclass(frozen=True)
class RerankConfig:
    n_candidates: int = 8
    feat_dim: int = 6
    hidden: int = 16
    mc_rounds: int = 5
    dropout: float = 0.3


class EpisodeScorer(nn.Module):
    cfg: RerankConfig

    @nn.compact
    def __call__(self, feats, train: bool = False):
        h = nn.relu(nn.Dense(self.cfg.hidden)(feats))
        h = nn.Dropout(self.cfg.dropout, deterministic=not train)(h)
        return nn.Dense(1)(h).squeeze(-1)


class ScoringBackend:
    """Keeps the applied model as a partial so callers never handle raw variables."""

    def __init__(self, model, variables):
        self.score = functools.partial(model.apply, variables, train=True)


class RerankService:
    def __init__(self, backend: ScoringBackend, cfg: RerankConfig):
        self.backend = backend
        self.cfg = cfg

    def explore(self, feats, key):
        def mc_round(carry, r):
            scores = self.backend.score(feats, rngs={"dropout": key})
            return carry, scores

        _, per_round = lax.scan(mc_round, None, jnp.arange(self.cfg.mc_rounds))
        return per_round


def build_service(cfg: RerankConfig, seed: int = 0) -> RerankService:
    model = EpisodeScorer(cfg)
    variables = model.init(jax.random.key(seed), jnp.zeros((cfg.n_candidates, cfg.feat_dim)))
    return RerankService(ScoringBackend(model, variables), cfg)


def main():
    cfg = RerankConfig()
    service = build_service(cfg)
    slate = jax.random.normal(jax.random.key(7), (cfg.n_candidates, cfg.feat_dim))
    per_round = service.explore(slate, jax.random.key(11))
    return per_round
