# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 pipeline stage objects hold NNX modules in train mode; the raw scan body closes over the pipeline and BatchNorm writes its stats
"""Autonomous-driving perception stack in NNX: camera frames flow through a list of stage objects."""
import jax
import jax.numpy as jnp
from flax import nnx


class BackboneNet(nnx.Module):
    def __init__(self, din, dout, rngs: nnx.Rngs):
        self.proj = nnx.Linear(din, dout, rngs=rngs)
        self.norm = nnx.BatchNorm(dout, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.norm(self.proj(x)))


class DetectionHead(nnx.Module):
    def __init__(self, din, n_boxes, rngs: nnx.Rngs):
        self.boxes = nnx.Linear(din, n_boxes * 4, rngs=rngs)

    def __call__(self, x):
        return self.boxes(x.mean(axis=0))


class Stage:
    def __init__(self, name, module):
        self.name = name
        self.module = module

    def __call__(self, x):
        return self.module(x)


class PerceptionStack:
    def __init__(self, stages):
        self.stages = stages

    def frame(self, x):
        for stage in self.stages:
            x = stage(x)
        return x

    def run(self, frames):
        def body(count, frame):
            return count + 1, self.frame(frame)

        _, boxes = jax.lax.scan(body, 0, frames)
        return boxes


def main():
    rngs = nnx.Rngs(0)
    stack = PerceptionStack([Stage("backbone", BackboneNet(12, 16, rngs)), Stage("head", DetectionHead(16, 3, rngs))])
    for stage in stack.stages:
        stage.module.train()
    frames = jax.random.normal(jax.random.key(1), (5, 8, 12))
    stack.run(frames)
    return None
