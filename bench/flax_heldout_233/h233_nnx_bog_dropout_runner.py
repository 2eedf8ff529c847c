# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body calls runner.pipeline.model, whose dropout draws from its own rng stream
"""Cranberry bog yield: Monte Carlo dropout estimate of per-bed yield uncertainty before harvest."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax as jlax


class BedYield(nnx.Module):
    def __init__(self, features: int, beds: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.4, rngs=rngs)
        self.out = nnx.Linear(8, beds, rngs=rngs)

    def __call__(self, survey):
        return self.out(self.drop(nnx.relu(self.hidden(survey))))


@dataclass
class YieldPipeline:
    model: BedYield
    barrels_per_unit: float = 95.0


class UncertaintyRunner:
    def __init__(self, pipeline: YieldPipeline, draws: int):
        self.pipeline = pipeline
        self.draws = draws

    def estimate(self, survey):
        beds = self.pipeline.model.out.out_features

        def draw(i, samples):
            barrels = self.pipeline.model(survey) * self.pipeline.barrels_per_unit
            return samples.at[i].set(barrels)

        return jlax.fori_loop(0, self.draws, draw, jnp.zeros((self.draws, beds)))


def main():
    survey = jnp.array([0.8, 0.3, 0.55, 0.9])
    model = BedYield(4, 3, nnx.Rngs(params=0, dropout=9))
    runner = UncertaintyRunner(YieldPipeline(model), draws=5)
    return runner.estimate(survey)
