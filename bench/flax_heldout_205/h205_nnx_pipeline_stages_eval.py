# label: ok
# flax-error: none
# class: 5 a stage(...).then(...) builder wraps an NNX module switched to eval() before the built pipeline runs in the scan body
"""Grain silo monitoring: a staged pipeline turns moisture/temperature probe readings into spoilage scores."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ProbeEncoder(nnx.Module):
    def __init__(self, n_probes: int, rngs: nnx.Rngs):
        self.bn = nnx.BatchNorm(n_probes, momentum=0.9, rngs=rngs)
        self.mix = nnx.Linear(n_probes, 8, rngs=rngs)

    def __call__(self, readings):
        return nnx.gelu(self.mix(self.bn(readings)))


class Stage:
    def __init__(self, name, fn, module=None):
        self.name, self.fn, self.module = name, fn, module

    def then(self, other):
        return Pipeline([self, other])


class Pipeline:
    def __init__(self, stages):
        self.stages = list(stages)

    def then(self, other):
        return Pipeline(self.stages + [other])

    def modules(self):
        return [s.module for s in self.stages if s.module is not None]

    def __call__(self, x):
        for s in self.stages:
            x = s.fn(x)
        return x


def stage(name, fn_or_module):
    if isinstance(fn_or_module, nnx.Module):
        return Stage(name, fn_or_module, module=fn_or_module)
    return Stage(name, fn_or_module)


def build_pipeline(n_probes, seed=0):
    encoder = ProbeEncoder(n_probes, nnx.Rngs(seed))
    return (stage("encode", encoder)
            .then(stage("pool", lambda h: h.mean(-1)))
            .then(stage("score", jax.nn.sigmoid)))


def monitor(pipeline, sweeps):
    def body(alerts, readings):
        risk = pipeline(readings)
        return alerts + (risk > 0.7).sum(), risk.max()

    return jax.lax.scan(body, jnp.int32(0), sweeps)


def main():
    sweeps = 14.0 + jax.random.normal(jax.random.key(3), (6, 4, 5))  # sweeps, silo sections, probes
    pipeline = build_pipeline(5)
    for module in pipeline.modules():
        module.eval()  # monitoring uses the calibrated running statistics
    alerts, peak = monitor(pipeline, sweeps)
    jax.block_until_ready(peak)
    return None
