# label: ok
# flax-error: none
# class: 4 a BatchNorm encoder in inference mode bound once and held by TelemetryProcessor.pipeline.stage, called from the scan body through two objects
"""Satellite telemetry: a downlink processor scores frames with an encoder bound at start-up."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


@dataclasses.dataclass(frozen=True)
class DownlinkConfig:
    channels: int = 6
    hidden: int = 16
    frames: int = 5
    batch: int = 4


class FrameEncoder(nn.Module):
    hidden: int
    train: bool = True

    @nn.compact
    def __call__(self, frame):
        h = nn.Dense(self.hidden)(frame)
        h = nn.BatchNorm(use_running_average=not self.train, momentum=0.9)(h)
        return nn.gelu(h)


class EncodeStage:
    """Holds the encoder bound to its variables so callers do not thread them around."""

    def __init__(self, model, variables):
        self.bound = model.bind(variables)

    def encode(self, frame):
        return self.bound(frame)


class Pipeline:
    def __init__(self, stage):
        self.stage = stage


class TelemetryProcessor:
    def __init__(self, cfg, pipeline):
        self.cfg = cfg
        self.pipeline = pipeline

    def process(self, frames):
        def body(peak, frame):
            z = self.pipeline.stage.encode(frame)
            score = jnp.mean(jnp.abs(z), axis=-1)
            return jnp.maximum(peak, score), score

        return jax.lax.scan(body, jnp.zeros(self.cfg.batch), frames)


def build_processor(cfg, key):
    model = FrameEncoder(cfg.hidden)
    serving = FrameEncoder(cfg.hidden, train=False)
    variables = model.init(key, jnp.zeros((cfg.batch, cfg.channels)))
    return TelemetryProcessor(cfg, Pipeline(EncodeStage(serving, variables)))


def main():
    cfg = DownlinkConfig()
    frames = jax.random.normal(jax.random.key(0), (cfg.frames, cfg.batch, cfg.channels))
    processor = build_processor(cfg, jax.random.key(1))
    peak, scores = processor.process(frames)
    jnp.max(peak).block_until_ready()
    return None
