# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a decorator registry maps "score" to an nnx.jit handler; the while_loop body in sort_until_confident calls HANDLERS["score"] on the captured desk.classifier
"""Parcel-class scoring for a postal sorting centre, with handlers registered by name."""

from __future__ import annotations

from typing import Callable

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import while_loop

HANDLERS: dict[str, Callable] = {}


def register(name: str):
    def wrap(fn):
        HANDLERS[name] = nnx.jit(fn)
        return fn

    return wrap


class ParcelClassifier(nnx.Module):
    def __init__(self, features: int, classes: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 10, rngs=rngs)
        self.logits = nnx.Linear(10, classes, rngs=rngs)

    def __call__(self, parcel):
        return self.logits(nnx.gelu(self.hidden(parcel)))


@register("score")
def score(classifier: ParcelClassifier, parcel):
    return jax.nn.softmax(classifier(parcel)).max()


class SortingDesk:
    def __init__(self, features=5, classes=4, seed=3):
        self.classifier = ParcelClassifier(features, classes, nnx.Rngs(seed))
        self.threshold = 2.5


def sort_until_confident(desk: SortingDesk, parcels):
    handler = HANDLERS["score"]

    def keep_sorting(state):
        i, confidence = state
        return (i < parcels.shape[0]) & (confidence < desk.threshold)

    def sort_one(state):
        i, confidence = state
        return i + 1, confidence + handler(desk.classifier, parcels[i])

    return while_loop(keep_sorting, sort_one, (jnp.int32(0), jnp.float32(0.0)))


def main():
    parcels = jnp.linspace(-1.0, 1.0, 30).reshape(6, 5)
    desk = SortingDesk()
    count, confidence = sort_until_confident(desk, parcels)
    jax.block_until_ready((count, confidence))
    return None
