# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 drain_queue() reaches sorter.lanes.router inside the while_loop body, two submodules below the model
"""Library book-return sorter: routes a queue of returned books to shelving bins."""
from __future__ import annotations

from typing import NamedTuple

import jax
import jax.numpy as jnp
import flax.linen as fnn

lax = jax.lax

BINS = 5


class RouteHead(fnn.Module):
    bins: int = BINS

    @fnn.compact
    def __call__(self, book):
        h = fnn.gelu(fnn.Dense(6, name="barcode")(book))
        return fnn.Dense(self.bins, name="bin_logits")(h)


class SortingLanes(fnn.Module):
    def setup(self):
        self.router = RouteHead()
        self.overflow = self.param("overflow", fnn.initializers.zeros, (BINS,))


class DrainState(NamedTuple):
    index: jnp.ndarray
    load: jnp.ndarray


def drain_queue(lanes: SortingLanes, queue):
    def pending(state: DrainState):
        return state.index < queue.shape[0]

    def route_one(state: DrainState):
        book = queue[state.index]
        logits = lanes.router(book) + lanes.overflow
        return DrainState(state.index + 1, state.load + jax.nn.softmax(logits))

    final = lax.while_loop(pending, route_one, DrainState(jnp.array(0), jnp.zeros((BINS,))))
    return final.load


class BinSorter(fnn.Module):
    def setup(self):
        self.lanes = SortingLanes()

    def __call__(self, queue):
        return drain_queue(self.lanes, queue)


class ReturnsDesk:
    def __init__(self, branch: str, seed: int = 0):
        self.branch = branch
        self.sorter = BinSorter()
        self.seed = seed
        self.variables = None

    def open(self, sample_queue):
        self.variables = self.sorter.init(jax.random.key(self.seed), sample_queue)
        return self

    def shelve(self, queue):
        return self.sorter.apply(self.variables, queue)


def returned_books(count: int, features: int = 4):
    return jnp.tile(jnp.linspace(-1.0, 1.0, features), (count, 1))


def main():
    queue = returned_books(7)
    desk = ReturnsDesk("riverside").open(queue)
    load = desk.shelve(queue)
    jax.block_until_ready(load)
    return None
