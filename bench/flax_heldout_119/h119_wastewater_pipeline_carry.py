# label: ok
# flax-error: none
# class: 4 each stage object of the pipeline holds its net and variables; the scan body calls pipeline.stages[i].process with the batch_stats in the carry, written back after the loop
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
        self.net = net
        self.variables = net.init(jax.random.key(seed), example)

    def process(self, x, batch_stats):
        y, updates = self.net.apply({**self.variables, "batch_stats": batch_stats}, x, mutable=["batch_stats"])
        return y, updates["batch_stats"]

    def statistics(self):
        return self.variables["batch_stats"]


class TreatmentPipeline:
    def __init__(self, stages):
        self.stages = stages

    def run(self, influent):
        def interval(carry, sample):
            total, stats = carry
            x, new_stats = sample, []
            for stage, s in zip(self.stages, stats):
                x, s = stage.process(x, s)
                new_stats.append(s)
            return (total + x.mean(), new_stats), x

        start = (jnp.zeros(()), [stage.statistics() for stage in self.stages])
        (total, stats), outputs = jax.lax.scan(interval, start, influent)
        for stage, s in zip(self.stages, stats):
            stage.variables = {**stage.variables, "batch_stats": s}
        return total, outputs

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
