# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 recipe jobs are popped from a heapq; the fori_loop body of the trainer's fit calls self.optimizer.update on the trainer's NNX model
"""Fits the cure-time model of a violin varnish shop per recipe; refit jobs wait in a heapq priority queue."""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import fori_loop


class CureTimeModel(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x: jax.Array) -> jax.Array:
        return self.head(nnx.swish(self.body(x))).squeeze(-1)


@dataclass(order=True)
class RefitJob:
    priority: int
    seq: int
    recipe: str = field(compare=False)
    features: jax.Array = field(compare=False, default=None)
    hours: jax.Array = field(compare=False, default=None)
    epochs: int = field(compare=False, default=3)


class CureTrainer:
    def __init__(self, model: CureTimeModel, learning_rate: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)
        graphdef, _, self._rest = nnx.split(model, nnx.Param, ...)

        def loss(params, x, y):
            return jnp.mean((nnx.merge(graphdef, params, self._rest)(x) - y) ** 2)

        self._grad = jax.value_and_grad(loss)

    def fit(self, x: jax.Array, y: jax.Array, epochs: int) -> jax.Array:
        def epoch(i, total):
            loss, grads = self._grad(nnx.state(self.model, nnx.Param), x, y)
            self.optimizer.update(self.model, grads)
            return total + loss

        return fori_loop(0, epochs, epoch, jnp.zeros(())) / epochs


class RefitQueue:
    def __init__(self, trainer: CureTrainer):
        self.trainer = trainer
        self._heap: list[RefitJob] = []
        self._seq = itertools.count()
        self.losses: dict[str, jax.Array] = {}

    def enqueue(self, recipe: str, priority: int, x: jax.Array, y: jax.Array, epochs: int) -> None:
        heapq.heappush(self._heap, RefitJob(priority, next(self._seq), recipe, x, y, epochs))

    def work(self) -> None:
        while self._heap:
            job = heapq.heappop(self._heap)
            self.losses[job.recipe] = self.trainer.fit(job.features, job.hours, job.epochs)


def main():
    x = jnp.array([[0.2, 0.5, 0.1], [0.4, 0.4, 0.3], [0.9, 0.1, 0.2], [0.5, 0.5, 0.5]])
    queue = RefitQueue(CureTrainer(CureTimeModel(3, rngs=nnx.Rngs(0)), learning_rate=1e-2))
    queue.enqueue("spirit-amber", priority=2, x=x, y=x.sum(-1), epochs=3)
    queue.enqueue("oil-linseed", priority=1, x=x, y=2.0 * x[:, 0], epochs=4)
    queue.work()
    jax.block_until_ready((queue.losses, queue.trainer.model.head.kernel[...]))
    return None
