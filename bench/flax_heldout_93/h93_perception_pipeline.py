# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a pipeline stage object holds model.bind(..., mutable=["batch_stats"]); the scan body reaches it through pipeline.stages
"""Perception stack: a list of stage objects run over a clip of camera frames."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class FeatureNet(nn.Module):
    width: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.width)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(x)


class NormaliseStage:
    def __call__(self, frame):
        return (frame - frame.mean()) / (frame.std() + 1e-5)


class FeatureStage:
    def __init__(self, net: nn.Module, variables):
        # bound once so the pipeline can call it like a function and keep running stats
        self.bound = net.bind(variables, mutable=["batch_stats"])

    def __call__(self, frame):
        return self.bound(frame, train=True)

    def running_stats(self):
        return self.bound.variables["batch_stats"]


@dataclasses.dataclass
class Pipeline:
    stages: list

    def run_frame(self, frame):
        for stage in self.stages:
            frame = stage(frame)
        return frame


def run_clip(pipeline: Pipeline, clip):
    def body(carry, frame):
        feats = pipeline.run_frame(frame)
        return carry + feats.mean(), None

    total, _ = jax.lax.scan(body, jnp.zeros(()), clip)
    return total


def main():
    clip = jax.random.normal(jax.random.key(0), (6, 8, 32))
    net = FeatureNet()
    variables = net.init(jax.random.key(1), clip[0], train=False)
    pipeline = Pipeline([NormaliseStage(), FeatureStage(net, variables)])
    run_clip(pipeline, clip)
    stats = pipeline.stages[1].running_stats()
    jax.tree.map(lambda a: float(jnp.abs(a).max()), stats)
    return None
