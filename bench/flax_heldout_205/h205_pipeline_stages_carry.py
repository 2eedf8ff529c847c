# label: ok
# flax-error: none
# class: 5 a stage(...).then(...) builder chains a BatchNorm apply whose batch_stats ride in the scan carry through the chain context
"""Fermentation telemetry pipeline: normalize tank sensor batches, embed them, pool a health score."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn


class Stage:
    def __init__(self, name, fn):
        self.name = name
        self.fn = fn  # fn(x, ctx) -> (x, ctx)

    def then(self, other):
        return Chain([self]).then(other)


class Chain:
    def __init__(self, stages):
        self.stages = list(stages)

    def then(self, other):
        extra = other.stages if isinstance(other, Chain) else [other]
        return Chain(self.stages + extra)

    def __call__(self, x, ctx):
        for s in self.stages:
            x, ctx = s.fn(x, ctx)
        return x, ctx


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
        norm_params, self.batch_stats = norm_vars["params"], norm_vars["batch_stats"]
        embed_vars = embed.init(jax.random.key(1), sample)

        def normalize(x, ctx):
            y, updates = norm.apply({"params": norm_params, "batch_stats": ctx}, x, mutable=["batch_stats"])
            return y, updates["batch_stats"]

        embed_fn = functools.partial(embed.apply, embed_vars)
        self.chain = (stage("normalize", normalize)
                      .then(stage("embed", lambda h, ctx: (embed_fn(h), ctx)))
                      .then(stage("pool", lambda h, ctx: (jnp.tanh(h.mean(-1)), ctx))))

    def process(self, batches):
        def body(carry, batch):
            alarm_count, stats = carry
            health, stats = self.chain(batch, stats)
            return (alarm_count + (health < -0.2).sum(), stats), health.mean()

        (alarms, self.batch_stats), health = jax.lax.scan(body, (jnp.int32(0), self.batch_stats), batches)
        return alarms, health

    def calibration(self):
        stats = self.batch_stats
        return {"mean": stats["mean"] * 1.0, "std": jnp.sqrt(stats["var"] + 1e-5)}


def main():
    batches = 20.0 + 2.0 * jax.random.normal(jax.random.key(2), (6, 4, 5))  # temp, pH, sugar, CO2, pressure
    pipeline = TelemetryPipeline(batches[0])
    alarms, health = pipeline.process(batches)
    jax.block_until_ready(pipeline.calibration())
    return None
