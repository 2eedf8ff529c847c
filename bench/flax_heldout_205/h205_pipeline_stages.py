# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a stage(...).then(...) builder chains a BatchNorm bound with model.bind(..., mutable=['batch_stats']); the chain runs in the scan body
"""Fermentation telemetry pipeline: normalize tank sensor batches, embed them, pool a health score."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class Stage:
    def __init__(self, name, fn):
        self.name = name
        self.fn = fn

    def then(self, other):
        return Chain([self]).then(other)


class Chain:
    def __init__(self, stages):
        self.stages = list(stages)

    def then(self, other):
        extra = other.stages if isinstance(other, Chain) else [other]
        return Chain(self.stages + extra)

    def __call__(self, x):
        for s in self.stages:
            x = s.fn(x)
        return x


def stage(name, fn):
    return Stage(name, fn)


class Embed(nn.Module):
    width: int = 8

    @nn.compact
    def __call__(self, x):
        return nn.gelu(nn.Dense(self.width)(x))


class TelemetryPipeline:
    def __init__(self, sample):
        norm = nn.BatchNorm(use_running_average=False, momentum=0.8)
        embed = Embed()
        norm_vars = norm.init(jax.random.key(0), sample)
        embed_vars = embed.init(jax.random.key(1), sample)
        self.normalizer = norm.bind(norm_vars, mutable=["batch_stats"])
        self.chain = (stage("normalize", self.normalizer)
                      .then(stage("embed", functools.partial(embed.apply, embed_vars)))
                      .then(stage("pool", lambda h: jnp.tanh(h.mean(-1)))))

    def process(self, batches):
        def body(alarm_count, batch):
            health = self.chain(batch)
            return alarm_count + (health < -0.2).sum(), health.mean()

        return jax.lax.scan(body, jnp.int32(0), batches)

    def calibration(self):
        stats = self.normalizer.variables["batch_stats"]
        return {"mean": stats["mean"] * 1.0, "std": jnp.sqrt(stats["var"] + 1e-5)}


def main():
    batches = 20.0 + 2.0 * jax.random.normal(jax.random.key(2), (6, 4, 5))  # temp, pH, sugar, CO2, pressure
    pipeline = TelemetryPipeline(batches[0])
    alarms, health = pipeline.process(batches)
    jax.block_until_ready(pipeline.calibration())
    return None
