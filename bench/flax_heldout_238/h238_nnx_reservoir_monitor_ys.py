# label: ok
# flax-error: none
# class: 4 the model state goes through the scan carry; the merged model's level readings leave as the scan's ys and are handed to runner.sink (a LevelSink) after the loop
"""Level tracking for a reservoir behind its sluices: an NNX estimator smooths gauge readings; sinks collect levels."""

from __future__ import annotations

from typing import Protocol

import jax
import jax.numpy as jnp
import flax.nnx as nnx

scan = jax.lax.scan


class LevelSink(Protocol):
    def record(self, level: jax.Array) -> None: ...

    def summary(self) -> jax.Array: ...


class MeanSink:
    def __init__(self):
        self.levels: list[jax.Array] = []

    def record(self, level: jax.Array) -> None:
        self.levels.append(level)

    def summary(self) -> jax.Array:
        return jnp.stack(self.levels).mean()


class PeakSink:
    def __init__(self):
        self.peak = jnp.asarray(-jnp.inf)

    def record(self, level: jax.Array) -> None:
        self.peak = jnp.maximum(self.peak, jnp.max(level))

    def summary(self) -> jax.Array:
        return self.peak


class LevelEstimator(nnx.Module):
    def __init__(self, gauges: int, *, rngs: nnx.Rngs):
        self.fuse = nnx.Linear(gauges, 1, rngs=rngs)
        self.level = nnx.Variable(jnp.zeros(()))

    def __call__(self, gauges: jax.Array) -> jax.Array:
        observed = self.fuse(gauges).mean()
        self.level[...] = 0.8 * self.level[...] + 0.2 * observed
        return self.level[...]


class LevelRunner:
    def __init__(self, estimator: LevelEstimator, sink: LevelSink):
        self.estimator = estimator
        self.sink = sink

    def track(self, readings: jax.Array) -> None:
        graphdef, state = nnx.split(self.estimator)

        def tick(state, gauges):
            estimator = nnx.merge(graphdef, state)
            estimator(gauges)
            return nnx.state(estimator), estimator.level[...]

        state, levels = scan(tick, state, readings)
        nnx.update(self.estimator, state)
        for level in levels:
            self.sink.record(level)


def main():
    readings = jnp.tile(jnp.array([[14.2, 14.0, 13.9]]), (6, 1))
    runner = LevelRunner(LevelEstimator(3, rngs=nnx.Rngs(1)), MeanSink())
    runner.track(readings)
    summary = runner.sink.summary()
    jax.block_until_ready((summary, runner.estimator.level[...]))
    return None
