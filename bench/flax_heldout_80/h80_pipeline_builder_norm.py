# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a BatchNorm stage composed by a PipelineBuilder as a partial of model.apply, run in training mode in a scan body
"""Data pipeline: a builder composes clip -> normalise -> project stages and streams shards through them."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan


class FeatureNorm(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        return nn.BatchNorm(use_running_average=not train, axis_name=None)(x)


class PipelineBuilder:
    def __init__(self):
        self._stages = []

    def add(self, name, fn):
        self._stages.append((name, fn))
        return self

    def add_module(self, name, module, variables, **kwargs):
        return self.add(name, functools.partial(module.apply, variables, **kwargs))

    def build(self):
        stages = list(self._stages)

        def run(x):
            for _, fn in stages:
                x = fn(x)
            return x
        return run


def stream(pipeline, shards):
    def body(count, shard):
        out = pipeline(shard)
        return count + out.shape[0], jnp.mean(out)

    return scan(body, 0, shards)


def main():
    shards = jax.random.normal(jax.random.key(0), (4, 8, 3)) * 5.0
    norm = FeatureNorm()
    variables = norm.init(jax.random.key(1), shards[0], train=False)
    pipeline = (PipelineBuilder()
                .add("clip", lambda x: jnp.clip(x, -10.0, 10.0))
                .add_module("normalise", norm, variables, train=True)
                .add("project", lambda x: x @ jnp.ones((3, 2)))
                .build())
    stream(pipeline, shards)
    return None
