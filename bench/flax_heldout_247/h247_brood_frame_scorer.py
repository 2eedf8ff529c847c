# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/encoder/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 EvaluationService.evaluate (template) applies BroodFrameScorer.score_sequence, whose jlax.scan body calls self.encoder, whose BatchNorm writes batch_stats
"""Brood-frame inspection scores for the apiary's weekly colony review."""
from __future__ import annotations

import abc
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax as jlax


@dataclasses.dataclass(frozen=True)
class ScorerConfig:
    features: int = 5  # capped brood, open brood, pollen, nectar, empty cells
    width: int = 8
    frames: int = 4
    colonies: int = 3
    train: bool = True


class FrameEncoder(nn.Module):
    width: int
    train: bool

    @nn.compact
    def __call__(self, frame):
        h = nn.Dense(self.width)(frame)
        h = nn.BatchNorm(use_running_average=not self.train, momentum=0.95)(h)
        return nn.gelu(h)


class BroodFrameScorer(nn.Module):
    cfg: ScorerConfig
    train: bool = True

    def setup(self):
        self.encoder = FrameEncoder(self.cfg.width, self.train)
        self.head = nn.Dense(1)

    def encode_one(self, frame):
        return self.head(self.encoder(frame))

    def score_sequence(self, frames):
        def per_frame(pooled, frame):
            h = self.encoder(frame)
            return pooled + h, self.head(h)[..., 0]

        pooled0 = jnp.zeros((frames.shape[1], self.cfg.width))
        pooled, scores = jlax.scan(per_frame, pooled0, frames)
        return scores, pooled / frames.shape[0]


class EvaluationService(abc.ABC):
    """Template: subclasses say which model and which weights; evaluate() does the rest."""

    def __init__(self, cfg: ScorerConfig):
        self.cfg = cfg

    @abc.abstractmethod
    def build_model(self) -> nn.Module: ...

    @abc.abstractmethod
    def load_variables(self, model, sample): ...

    @abc.abstractmethod
    def inspection_frames(self): ...

    def evaluate(self):
        frames = self.inspection_frames()
        model = self.build_model()
        variables = self.load_variables(model, frames[0])
        scores, pooled = model.apply(variables, frames, method=type(model).score_sequence)
        return self.summarise(scores, pooled)

    def summarise(self, scores, pooled):
        return {"mean_score": scores.mean(axis=0), "pooled_norm": jnp.linalg.norm(pooled, axis=-1)}


class ApiaryEvaluation(EvaluationService):
    def build_model(self):
        return BroodFrameScorer(self.cfg, train=self.cfg.train)

    def load_variables(self, model, sample):
        return model.init(jax.random.key(11), sample, method=BroodFrameScorer.encode_one)

    def inspection_frames(self):
        base = jnp.array([0.5, 0.2, 0.1, 0.15, 0.05])
        return jnp.ones((self.cfg.frames, self.cfg.colonies, 1)) * base


def main():
    report = ApiaryEvaluation(ScorerConfig()).evaluate()
    jax.block_until_ready(report)
    return None
