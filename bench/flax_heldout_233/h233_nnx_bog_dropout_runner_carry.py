# label: ok
# flax-error: none
# class: 4 runner.pipeline.model is split before the fori_loop; the body merges it from the carried state, rng stream included
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
        graphdef, state = nnx.split(self.pipeline.model)

        def draw(i, carry):
            state, samples = carry
            model = nnx.merge(graphdef, state)
            barrels = model(survey) * self.pipeline.barrels_per_unit
            return nnx.state(model), samples.at[i].set(barrels)

        state, samples = jlax.fori_loop(0, self.draws, draw, (state, jnp.zeros((self.draws, beds))))
        nnx.update(self.pipeline.model, state)
        return samples


def main():
    survey = jnp.array([0.8, 0.3, 0.55, 0.9])
    model = BedYield(4, 3, nnx.Rngs(params=0, dropout=9))
    runner = UncertaintyRunner(YieldPipeline(model), draws=5)
    return runner.estimate(survey)
