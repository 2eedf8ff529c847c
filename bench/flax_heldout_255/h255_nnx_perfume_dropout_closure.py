# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 the closure returned by make_variation_sampler captures the blend model (with its own dropout stream) and is the jax.lax.scan body
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class HeadnoteDropper(nnx.Module):
    """Explores blend variations by randomly muting head notes before scoring."""

    def __init__(self, n_notes: int, *, rate: float, rngs: nnx.Rngs):
        self.mute = nnx.Dropout(rate, rngs=rngs)
        self.score = nnx.Linear(n_notes, 3, rngs=rngs)

    def __call__(self, formula, rngs=None):
        return nnx.softmax(self.score(self.mute(formula, rngs=rngs)))


def make_variation_sampler(model: HeadnoteDropper, formula):
    def sample(carry, _):
        facets = model(formula)
        return carry, facets

    return sample


def build_model(n_notes: int = 6, seed: int = 13):
    return HeadnoteDropper(n_notes, rate=0.4, rngs=nnx.Rngs(params=seed, dropout=seed + 1))


def main():
    model = build_model()
    formula = jnp.array([0.28, 0.22, 0.18, 0.14, 0.1, 0.08])
    sampler = make_variation_sampler(model, formula)
    _, facets = jax.lax.scan(sampler, None, None, length=5)
    return facets
