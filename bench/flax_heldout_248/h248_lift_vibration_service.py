# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the inspection service's variables attribute is applied to each frame inside the scan body
"""Drive-motor vibration scoring service for ski-lift inspections."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.linen as fnn


@dataclass
class ServiceConfig:
    channels: int = 3
    window: int = 5
    frame: int = 4
    hidden: int = 8
    train_mode: bool = True
    seed: int = 3


class VibrationScorer(fnn.Module):
    hidden: int = 8

    @fnn.compact
    def __call__(self, frame, train: bool = False):
        h = fnn.Dense(self.hidden)(frame)
        h = fnn.BatchNorm(use_running_average=not train)(h)
        return fnn.Dense(1)(fnn.swish(h)).squeeze(-1)


class InspectionService:
    def __init__(self, cfg: ServiceConfig):
        self.cfg = cfg
        self.model = VibrationScorer(hidden=cfg.hidden)
        self.variables = None

    @property
    def train_mode(self) -> bool:
        return self.cfg.train_mode

    def warm_up(self, frame):
        self.variables = self.model.init(jax.random.key(self.cfg.seed), frame)
        return self

    def score_window(self, frames):
        def body(running_max, frame):
            score = self.model.apply(self.variables, frame, train=self.train_mode)
            return jnp.maximum(running_max, score.max()), score

        return jax.lax.scan(body, jnp.float32(-jnp.inf), frames)


def recorded_frames(cfg: ServiceConfig):
    t = jnp.arange(cfg.window * cfg.frame * cfg.channels, dtype=jnp.float32)
    return jnp.cos(0.7 * t).reshape(cfg.window, cfg.frame, cfg.channels)


def main():
    cfg = ServiceConfig()
    frames = recorded_frames(cfg)
    service = InspectionService(cfg).warm_up(frames[0])
    peak, scores = service.score_window(frames)
    jax.block_until_ready((peak, scores))
    return None
