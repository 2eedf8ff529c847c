# label: ok
# flax-error: none
# class: 4 each stage object of the pipeline merges its graphdef with the carried state in the scan body into a local module and returns nnx.state; stage.model is rebuilt from the final state after the loop
"""Cheese ripening cave: a pipeline of stages (humidity estimator, rind-mould risk scorer), each an
NNX model with running statistics, streamed over sensor windows; the report uses the live stages."""
import jax
import jax.numpy as jnp
from flax import nnx


class StageNet(nnx.Module):
    def __init__(self, din, dout, *, rngs):
        self.norm = nnx.BatchNorm(din, momentum=0.9, rngs=rngs)
        self.proj = nnx.Linear(din, dout, rngs=rngs)

    def __call__(self, x):
        return nnx.gelu(self.proj(self.norm(x)))


class Stage:
    def __init__(self, name, net):
        self.name = name
        self.graphdef, self.state = nnx.split(net)
        self.model = net

    def step(self, state, x):
        model = nnx.merge(self.graphdef, state)
        y = model(x)
        return nnx.state(model), y


class CavePipeline:
    def __init__(self, stages):
        self.stages = stages

    def stream(self, windows):
        def window(states, x):
            new_states = []
            for stage, s in zip(self.stages, states):
                s, x = stage.step(s, x)
                new_states.append(s)
            return new_states, x.mean()

        states, risk = jax.lax.scan(window, [s.state for s in self.stages], windows)
        for stage, s in zip(self.stages, states):
            stage.state = s
            stage.model = nnx.merge(stage.graphdef, s)
        return risk

    def report(self, probe):
        for stage in self.stages:
            probe = stage.model(probe)
        return probe


def main():
    rngs = nnx.Rngs(0)
    pipeline = CavePipeline([Stage("humidity", StageNet(5, 8, rngs=rngs)), Stage("mould_risk", StageNet(8, 2, rngs=rngs))])
    windows = jax.random.normal(jax.random.key(1), (12, 16, 5)) + jnp.array([12.0, 92.0, 0.4, 1.0, 0.0])
    pipeline.stream(windows)
    print(pipeline.report(windows[-1]).mean())
    return None
