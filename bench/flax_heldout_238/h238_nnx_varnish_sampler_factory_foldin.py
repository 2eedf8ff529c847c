# label: ok
# flax-error: none
# class: 5 a sampler factory closes over the NNX cure model and a seed key; the scan body calls the sampler with the step, which folds the step into the seed key and builds nnx.Rngs from it for the model's dropout
"""Uncertainty bands for varnish cure levels on violin panels: CureSampler implementations draw model samples (NNX)."""

from __future__ import annotations

import functools
from typing import Callable, Protocol

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class CureSampler(Protocol):
    def __call__(self, step: jax.Array) -> jax.Array: ...


class CureLevelModel(nnx.Module):
    def __init__(self, coats: int, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(coats, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.out = nnx.Linear(8, coats, rngs=rngs)

    def __call__(self, coats: jax.Array, *, rngs: nnx.Rngs | None = None, deterministic: bool = False) -> jax.Array:
        h = self.drop(nnx.gelu(self.hidden(coats)), deterministic=deterministic, rngs=rngs)
        return nnx.sigmoid(self.out(h))


def dropout_sampler(model: CureLevelModel, panel: jax.Array, seed_key: jax.Array) -> CureSampler:
    def sample(step: jax.Array) -> jax.Array:
        return model(panel, rngs=nnx.Rngs(dropout=jax.random.fold_in(seed_key, step)))

    return sample


def point_sampler(model: CureLevelModel, panel: jax.Array, seed_key: jax.Array) -> CureSampler:
    model_eval = functools.partial(model, panel, deterministic=True)

    def sample(step: jax.Array) -> jax.Array:
        return model_eval()

    return sample


SAMPLERS: dict[str, Callable[..., CureSampler]] = {"dropout": dropout_sampler, "point": point_sampler}


class CureBands:
    def __init__(self, model: CureLevelModel, draws: int, sampler: str = "dropout"):
        self.model = model
        self.draws = draws
        self.sampler = sampler

    def samples(self, panel: jax.Array, seed: int) -> jax.Array:
        sample = SAMPLERS[self.sampler](self.model, panel, jax.random.key(seed))
        _, drawn = lax.scan(lambda carry, step: (carry, sample(step)), None, jnp.arange(self.draws))
        return drawn


def main():
    panel = jnp.array([[0.4, 0.6, 0.2, 0.9], [0.5, 0.5, 0.3, 0.7]])
    bands = CureBands(CureLevelModel(4, rngs=nnx.Rngs(params=0)), draws=6)
    return bands.samples(panel, seed=1742)
