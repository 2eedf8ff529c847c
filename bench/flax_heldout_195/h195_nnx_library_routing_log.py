# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 BookSorter.routing_log (a Python list on the module) gets each book's bin scores appended from the scan body
"""Library book-return sorting: the sorter assigns each returned book to a cart bin from its
barcode features. For the circulation desk's daily report the model keeps a routing log of the
bin scores it produced."""
import jax
import jax.numpy as jnp
from flax import nnx


class BookSorter(nnx.Module):
    def __init__(self, features: int, bins: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(features, 16, rngs=rngs)
        self.bins = nnx.Linear(16, bins, rngs=rngs)
        self.routing_log = []

    def __call__(self, book):
        scores = nnx.softmax(self.bins(nnx.relu(self.embed(book))))
        self.routing_log.append(scores)
        return scores


class SortingStation:
    def __init__(self, sorter: BookSorter):
        self.sorter = sorter

    def sort_batch(self, books):
        def one(counts, book):
            scores = self.sorter(book)
            return counts + jax.nn.one_hot(jnp.argmax(scores), counts.shape[0]), None

        counts, _ = jax.lax.scan(one, jnp.zeros((6,)), books)
        return counts

    def daily_report(self):
        log = jnp.stack(self.sorter.routing_log)
        return {"books": log.shape[0], "mean_confidence": log.max(-1).mean()}


def main():
    station = SortingStation(BookSorter(features=9, bins=6, rngs=nnx.Rngs(0)))
    books = jax.random.normal(jax.random.key(12), (20, 9))
    station.sort_batch(books)
    station.daily_report()
    return None
