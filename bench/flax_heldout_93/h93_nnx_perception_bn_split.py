# label: ok
# flax-error: none
# class: 5 the stage modules are nnx.split before the raw scan; their state is the carry, merged in the body and nnx.update-d after
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


class PerceptionStack:
    def __init__(self, stages):
        self.stages = stages

    def run(self, frames):
        modules = [stage.module for stage in self.stages]
        graphdef, state = nnx.split(modules)

        def body(state, frame):
            mods = nnx.merge(graphdef, state)
            x = frame
            for mod in mods:
                x = mod(x)
            return nnx.state(mods), x

        state, boxes = jax.lax.scan(body, state, frames)
        nnx.update(modules, state)
        return boxes


def main():
    rngs = nnx.Rngs(0)
    stack = PerceptionStack([Stage("backbone", BackboneNet(12, 16, rngs)), Stage("head", DetectionHead(16, 3, rngs))])
    for stage in stack.stages:
        stage.module.train()
    frames = jax.random.normal(jax.random.key(1), (5, 8, 12))
    stack.run(frames)
    return None
