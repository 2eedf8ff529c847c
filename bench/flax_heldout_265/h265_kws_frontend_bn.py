# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the service's model and variables attributes are applied in training mode inside the scan body
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclass(frozen=True)
class ScorerConfig:
    n_mels: int = 10
    hidden: int = 12
    keywords: int = 5
    frames: int = 8


class FrameScorer(nn.Module):
    hidden: int
    keywords: int

    @nn.compact
    def __call__(self, frame, train: bool = False):
        x = nn.Dense(self.hidden)(frame)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(self.keywords)(nn.swish(x))


class KeywordScoringService:
    def __init__(self, cfg: ScorerConfig, key):
        self.cfg = cfg
        self.model = FrameScorer(cfg.hidden, cfg.keywords)
        self.variables = self.model.init(key, jnp.zeros((1, cfg.n_mels)))
        self._compiled = {}

    def _score_clip(self, clip):
        def frame_step(best, frame):
            logits = self.model.apply(self.variables, frame, train=True)
            return jnp.maximum(best, jax.nn.log_softmax(logits)), logits

        init = jnp.full((clip.shape[1], self.cfg.keywords), -jnp.inf)
        best, _ = jax.lax.scan(frame_step, init, clip)
        return best

    def score(self, clip):
        fn = self._compiled.get(clip.shape)
        if fn is None:
            fn = self._compiled[clip.shape] = jax.jit(self._score_clip)
        return fn(clip)


def main():
    cfg = ScorerConfig()
    service = KeywordScoringService(cfg, jax.random.key(0))
    clip = jax.random.normal(jax.random.key(1), (cfg.frames, 3, cfg.n_mels))
    jax.block_until_ready(service.score(clip))
