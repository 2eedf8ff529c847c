# label: ok
# flax-error: none
# class: 5 Pipeline.stages.embed is a functools.partial(model.apply, variables, train=False) inside nested frozen dataclasses of callables; the while_loop body only reads running averages
"""Beehive acoustics: microphone frames from a hive are embedded and scored for the piping sound
that precedes swarming; the loop stops at the first confident frame. The pipeline is a frozen
dataclass holding a dataclass of stage callables; detection runs the encoder in evaluation mode."""
import functools
from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class HiveEncoder(nn.Module):
    width: int = 12

    @nn.compact
    def __call__(self, frame, train: bool = False):
        h = nn.Dense(self.width)(frame)
        h = nn.BatchNorm(use_running_average=not train)(h)
        return jnp.tanh(h)


@dataclass(frozen=True)
class Stages:
    embed: Callable
    score: Callable


@dataclass(frozen=True)
class Pipeline:
    stages: Stages
    max_frames: int
    threshold: float


def build_pipeline(model, variables, head, max_frames):
    stages = Stages(
        embed=functools.partial(model.apply, variables, train=False),
        score=lambda h: jax.nn.sigmoid(jnp.mean(h @ head)),
    )
    return Pipeline(stages=stages, max_frames=max_frames, threshold=0.9)


def detect_swarm(pipeline, frames):
    def cond(state):
        i, confidence = state
        return (i < pipeline.max_frames) & (confidence < pipeline.threshold)

    def body(state):
        i, confidence = state
        h = pipeline.stages.embed(frames[i])
        return i + 1, jnp.maximum(confidence, pipeline.stages.score(h))

    return lax.while_loop(cond, body, (jnp.int32(0), jnp.float32(0.0)))


def main():
    model = HiveEncoder()
    frames = jax.random.normal(jax.random.key(0), (10, 3, 20))
    variables = model.init(jax.random.key(1), frames[0])
    head = jax.random.normal(jax.random.key(2), (12,))
    pipeline = build_pipeline(model, variables, head, max_frames=frames.shape[0])
    frame_index, confidence = detect_swarm(pipeline, frames)
    confidence.block_until_ready()
    return None
