# label: same-values
# flax-error: none
# class: 4 the RerankService reaches the template scorer of its ScorerPool and nnx.clone's it inside the scan body each round, so the clone's dropout stream starts from the template's count every round
"""Podcast recommendation reranker: Monte-Carlo dropout rounds over one slate of candidate
episodes; each round scores with a private clone of the pooled template scorer."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx


@dataclass(frozen=True)
class SlateConfig:
    n_candidates: int = 10
    feat_dim: int = 6
    mc_rounds: int = 5


class EpisodeScorer(nnx.Module):
    def __init__(self, cfg: SlateConfig, rngs: nnx.Rngs):
        self.body = nnx.Linear(cfg.feat_dim, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.25, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, feats):
        return self.head(self.drop(nnx.relu(self.body(feats)))).squeeze(-1)


class ScorerPool:
    def __init__(self, template: EpisodeScorer):
        self.template = template

    def checkout(self):
        return nnx.clone(self.template)


class RerankService:
    def __init__(self, pool: ScorerPool, cfg: SlateConfig):
        self.pool = pool
        self.cfg = cfg

    def explore(self, slate):
        def mc_round(best, _):
            scorer = self.pool.checkout()
            scores = scorer(slate)
            return jnp.maximum(best, scores), scores

        best0 = jnp.full((self.cfg.n_candidates,), -jnp.inf)
        _, per_round = jax.lax.scan(mc_round, best0, None, length=self.cfg.mc_rounds)
        return per_round


def main():
    cfg = SlateConfig()
    pool = ScorerPool(EpisodeScorer(cfg, nnx.Rngs(0, dropout=3)))
    slate = jax.random.normal(jax.random.key(8), (cfg.n_candidates, cfg.feat_dim))
    return RerankService(pool, cfg).explore(slate)
