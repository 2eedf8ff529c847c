# label: ok
# flax-error: none
# class: 4 the ranking service's SessionPool hands out a Session holding the params and its cache; Session.score's scan body applies the scorer with mutable=["session_cache"] and carries the cache
"""Candidate ranking service: one session per user; the history cache travels in the scan carry."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class ScorerConfig:
    embed_dim: int = 8
    num_candidates: int = 5
    decay: float = 0.9


class CandidateScorer(nn.Module):
    cfg: ScorerConfig

    @nn.compact
    def __call__(self, candidates):
        history = self.variable("session_cache", "history", jnp.zeros, (self.cfg.embed_dim,))
        user = nn.Dense(self.cfg.embed_dim, name="user_tower")(history.value)
        items = nn.Dense(self.cfg.embed_dim, name="item_tower")(candidates)
        scores = items @ user
        clicked = candidates[jnp.argmax(scores)]
        history.value = self.cfg.decay * history.value + (1.0 - self.cfg.decay) * clicked
        return scores


class Session:
    def __init__(self, user_id, model, variables):
        self.user_id = user_id
        self.model = model
        self.params = variables["params"]
        self.cache = variables["session_cache"]

    def score(self, candidate_stream):
        def body(cache, candidates):
            scores, updated = self.model.apply(
                {"params": self.params, "session_cache": cache}, candidates, mutable=["session_cache"]
            )
            return updated["session_cache"], scores

        self.cache, scores = jax.lax.scan(body, self.cache, candidate_stream)
        return scores.max(), scores


class SessionPool:
    def __init__(self, model, variables):
        self.model = model
        self.variables = variables
        self._sessions = {}

    def get(self, user_id):
        if user_id not in self._sessions:
            self._sessions[user_id] = Session(user_id, self.model, self.variables)
        return self._sessions[user_id]


class RankingService:
    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        model = CandidateScorer(cfg)
        dummy = jnp.zeros((cfg.num_candidates, cfg.embed_dim))
        self.pool = SessionPool(model, model.init(jax.random.key(seed), dummy))

    def rank(self, user_id, candidate_stream):
        _, scores = self.pool.get(user_id).score(candidate_stream)
        return jnp.argsort(-scores, axis=-1)


def main():
    cfg = ScorerConfig()
    service = RankingService(cfg)
    stream = jax.random.normal(jax.random.key(1), (6, cfg.num_candidates, cfg.embed_dim))
    service.rank("user-17", stream).block_until_ready()
    jnp.linalg.norm(service.pool.get("user-17").cache["history"]).block_until_ready()
    return None
