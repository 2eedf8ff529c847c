# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 each stage object of the pipeline holds model.bind(variables, mutable=['batch_stats']); the scan body calls pipeline.stages[i].process
"""Wastewater treatment: a clarifier stage and a chemical dosing stage, each a small network with
running normalisation, run over an influent series; the plant exports the stage statistics."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class StageNet(nn.Module):
    width: int
    out: int

    @nn.compact
    def __call__(self, x):
        x = nn.BatchNorm(use_running_average=False, momentum=0.95)(x)
        return nn.Dense(self.out)(nn.tanh(nn.Dense(self.width)(x)))


class Stage:
    def __init__(self, name, net, example, seed):
        self.name = name
        variables = net.init(jax.random.key(seed), example)
        self.module = net.bind(variables, mutable=["batch_stats"])

    def process(self, x):
        return self.module(x)

    def statistics(self):
        return self.module.variables["batch_stats"]


class TreatmentPipeline:
    def __init__(self, stages):
        self.stages = stages

    def run(self, influent):
        def interval(carry, sample):
            x = sample
            for stage in self.stages:
                x = stage.process(x)
            return carry + x.mean(), x

        return jax.lax.scan(interval, jnp.zeros(()), influent)

    def export_stats(self):
        return {stage.name: stage.statistics() for stage in self.stages}


def main():
    influent = jax.random.normal(jax.random.key(0), (10, 5, 4)) * 3.0 + 7.0
    stages = [
        Stage("clarifier", StageNet(width=16, out=4), influent[0], seed=1),
        Stage("dosing", StageNet(width=8, out=2), jnp.zeros((5, 4)), seed=2),
    ]
    pipeline = TreatmentPipeline(stages)
    pipeline.run(influent)
    exported = pipeline.export_stats()
    drift = sum(jnp.abs(s["BatchNorm_0"]["mean"]).sum() for s in exported.values())
    print("normaliser drift", float(drift))
    return None
