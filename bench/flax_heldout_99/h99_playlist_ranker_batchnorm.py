# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/slate_norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 PlaylistReranker keeps the model and its variables on self; rerank's scan body applies the model, whose BatchNorm is still in training mode, without a mutable collection
"""Playlist re-ranking: score the next tracks of a listening session, one slate per position."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class RerankConfig:
    features: int = 6
    slate: int = 4
    train: bool = True


class TrackScorer(nn.Module):
    cfg: RerankConfig

    @nn.compact
    def __call__(self, tracks):
        h = nn.Dense(self.cfg.features, name="track_tower")(tracks)
        h = nn.BatchNorm(use_running_average=not self.cfg.train, name="slate_norm")(h)
        return nn.Dense(1, name="relevance")(nn.relu(h))[..., 0]


class PlaylistReranker:
    def __init__(self, cfg, key):
        self.model = TrackScorer(cfg)
        self.variables = self.model.init(key, jnp.zeros((cfg.slate, cfg.features)))

    def rerank(self, session_slates):
        def body(listened, slate):
            scores = self.model.apply(self.variables, slate)
            pick = jnp.argmax(scores)
            return listened + slate[pick], pick

        profile, picks = jax.lax.scan(body, jnp.zeros(session_slates.shape[-1]), session_slates)
        return profile, picks


def main():
    cfg = RerankConfig()
    reranker = PlaylistReranker(cfg, jax.random.key(0))
    slates = jax.random.normal(jax.random.key(5), (5, cfg.slate, cfg.features))
    _, picks = reranker.rerank(slates)
    picks.block_until_ready()
    return None
