# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 make_sort_step(pipeline) returns the scan body; it runs the pipeline's preprocessing transforms (a BatchNorm normaliser in train mode) before the classifier and so writes batch statistics
"""Routing parcels to chutes at a sorting hub: scanner features are normalised, then classified."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx

FEATURES = 9  # weight, 3 dimensions, barcode confidence, ...
CHUTES = 6


class Normalize(nnx.Module):
    """Preprocessing transform: running normalisation of scanner features."""

    def __init__(self, *, rngs: nnx.Rngs):
        self.norm = nnx.BatchNorm(FEATURES, momentum=0.99, rngs=rngs)

    def __call__(self, x):
        return self.norm(x)


class ClipOutliers(nnx.Module):
    def __init__(self, bound: float = 4.0):
        self.bound = bound

    def __call__(self, x):
        return jnp.clip(x, -self.bound, self.bound)


class SortingPipeline(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.transforms = nnx.List([Normalize(rngs=rngs), ClipOutliers()])
        self.classifier = nnx.Linear(FEATURES, CHUTES, rngs=rngs)

    def __call__(self, x):
        for transform in self.transforms:
            x = transform(x)
        return self.classifier(x)


def make_sort_step(pipeline: SortingPipeline):
    def step(counts, scans):
        chutes = jnp.argmax(pipeline(scans), axis=-1)
        return counts + jnp.bincount(chutes, length=CHUTES), chutes

    return step


def route_shift(pipeline, batches):
    step = make_sort_step(pipeline)
    counts, _ = jax.lax.scan(step, jnp.zeros((CHUTES,), jnp.int32), batches)
    return counts


def main():
    pipeline = SortingPipeline(rngs=nnx.Rngs(0))
    batches = 2.0 + jax.random.normal(jax.random.key(9), (4, 16, FEATURES))
    counts = route_shift(pipeline, batches)
    counts.block_until_ready()
    return None
