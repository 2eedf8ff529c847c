# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the fori_loop body calls the evaluator's self.model attribute, left in training mode so its BatchNorm writes batch statistics
"""Language school placement: score every intake cohort against the placement model before streaming classes."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

LEVELS = 6


class PlacementModel(nnx.Module):
    def __init__(self, items: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(items, 32, rngs=rngs)
        self.norm = nnx.BatchNorm(32, rngs=rngs)
        self.out = nnx.Linear(32, LEVELS, rngs=rngs)

    def __call__(self, answers):
        return self.out(nnx.relu(self.norm(self.proj(answers))))


class CohortEvaluator:
    def __init__(self, model: PlacementModel):
        self.model = model

    def agreement(self, cohorts, teacher_levels):
        def cohort(i, hits):
            predicted = jnp.argmax(self.model(cohorts[i]), axis=-1)
            return hits + jnp.sum(predicted == teacher_levels[i])

        hits = lax.fori_loop(0, cohorts.shape[0], cohort, jnp.zeros((), jnp.int32))
        return hits / teacher_levels.size


def main():
    model = PlacementModel(items=20, rngs=nnx.Rngs(0))
    evaluator = CohortEvaluator(model)
    cohorts = jax.random.bernoulli(jax.random.key(1), 0.55, (4, 10, 20)).astype(jnp.float32)
    teacher_levels = jax.random.randint(jax.random.key(2), (4, 10), 0, LEVELS)
    jax.block_until_ready(evaluator.agreement(cohorts, teacher_levels))
    return None
