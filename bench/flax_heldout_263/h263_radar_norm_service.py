# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/norm" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 ForecastService.runner.model's BatchNorm runs in the scan body in training mode because service.config.training is true, with batch_stats immutable
"""Nowcasting service: encode a short sequence of radar frames into a rain-probability track."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import linen


class FrameEncoder(linen.Module):
    width: int = 6

    def setup(self):
        self.embed = linen.Dense(self.width)
        self.norm = linen.BatchNorm(momentum=0.95)
        self.prob = linen.Dense(1)

    def encode(self, frame, train: bool):
        h = self.norm(self.embed(frame), use_running_average=not train)
        return linen.sigmoid(self.prob(linen.relu(h))).squeeze(-1)

    def __call__(self, frames, train: bool):
        def step(prev, frame):
            p = self.encode(frame, train)
            return p, p - prev

        last, deltas = jax.lax.scan(step, jnp.zeros(frames.shape[1]), frames)
        return last, deltas


@dataclasses.dataclass(frozen=True)
class ServingConfig:
    mode: str = "online"
    frame_shape: tuple = (4, 5)

    @property
    def training(self) -> bool:
        return self.mode != "serve"


class ModelRunner:
    def __init__(self, model: FrameEncoder, config: ServingConfig):
        self.model = model
        self.config = config
        sample = jnp.zeros(config.frame_shape)
        self.variables = model.init(jax.random.key(0), sample, train=False, method=FrameEncoder.encode)

    def __call__(self, frames):
        return self.model.apply(self.variables, frames, train=self.config.training)


class ForecastService:
    def __init__(self, config: ServingConfig):
        self.config = config
        self.runner = ModelRunner(FrameEncoder(), config)

    def rain_track(self, frames):
        last, deltas = self.runner(frames)
        return last, jnp.cumsum(deltas, axis=0)


def main():
    service = ForecastService(ServingConfig())
    frames = jnp.tile(jnp.linspace(0.0, 1.0, 5), (3, 4, 1))
    last, track = service.rain_track(frames)
    jax.block_until_ready((last, track))
    return None
