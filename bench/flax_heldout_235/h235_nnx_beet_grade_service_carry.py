# label: ok
# flax-error: none
# class: 4 GradingService splits self.pipeline, threads its state through the fori_loop carry and merges it in the body before grade
"""Reception grading at the sugar factory: score each lorry sample with a noisy size/damage model."""

from __future__ import annotations

import functools
from typing import Callable, NamedTuple

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class Sample(NamedTuple):
    features: jax.Array
    tare_frac: jax.Array
    sugar_pct: jax.Array


def deduct_tare(s: Sample) -> Sample:
    return s._replace(features=s.features * (1.0 - s.tare_frac))


def scale_sugar(s: Sample) -> Sample:
    return s._replace(features=s.features * (s.sugar_pct / 17.0))


class SizeScorer(nnx.Module):
    def __init__(self, width: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(width, width, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)

    def __call__(self, x):
        return self.drop(nnx.relu(self.proj(x)))


class GradingPipeline(nnx.Module):
    def __init__(self, width: int, rngs: nnx.Rngs):
        self.scorer = SizeScorer(width, rngs)
        self.stages: tuple[Callable[[Sample], Sample], ...] = (deduct_tare, scale_sugar)

    def grade(self, sample: Sample):
        cleaned = functools.reduce(lambda acc, stage: stage(acc), self.stages, sample)
        return self.scorer(cleaned.features)


class GradingService:
    def __init__(self, width: int = 6, seed: int = 0):
        self.pipeline = GradingPipeline(width, nnx.Rngs(params=seed, dropout=seed + 1))
        self.width = width

    def grade_lorries(self, sample: Sample, lorries: int):
        graphdef, state = nnx.split(self.pipeline)

        def lorry(i, carry):
            state, scores = carry
            pipeline = nnx.merge(graphdef, state)
            scores = scores.at[i].set(pipeline.grade(sample))
            return nnx.state(pipeline), scores

        state, scores = lax.fori_loop(0, lorries, lorry, (state, jnp.zeros((lorries, self.width))))
        nnx.update(self.pipeline, state)
        return scores


def main():
    service = GradingService()
    sample = Sample(jnp.linspace(0.5, 1.5, 6), jnp.asarray(0.07), jnp.asarray(17.4))
    return service.grade_lorries(sample, lorries=5)
