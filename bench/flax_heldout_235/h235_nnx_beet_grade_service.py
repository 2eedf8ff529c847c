# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body in GradingService calls self.pipeline.grade, which runs self.scorer and its Dropout stream
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
        def lorry(i, scores):
            return scores.at[i].set(self.pipeline.grade(sample))

        return lax.fori_loop(0, lorries, lorry, jnp.zeros((lorries, self.width)))


def main():
    service = GradingService()
    sample = Sample(jnp.linspace(0.5, 1.5, 6), jnp.asarray(0.07), jnp.asarray(17.4))
    return service.grade_lorries(sample, lorries=5)
