# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the page tally of ScannerStation.feeder.tally is advanced through two submodules inside the while_loop body
from typing import Iterator, NamedTuple

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class BatchResult(NamedTuple):
    batch: int
    confidence: jax.Array
    pages_total: jax.Array


class PageTally(nn.Module):
    def setup(self):
        self.pages = self.variable("tally", "pages", lambda: jnp.zeros((), jnp.int32))

    def so_far(self):
        return self.pages.value

    def advance(self, n):
        self.pages.value = self.pages.value + n


class SheetFeeder(nn.Module):
    width: int

    def setup(self):
        self.tally = PageTally()
        self.embed = nn.Dense(self.width)

    def feed(self, sheet):
        self.tally.advance(1)
        return nn.tanh(self.embed(sheet))


class ScannerStation(nn.Module):
    width: int = 6

    def setup(self):
        self.feeder = SheetFeeder(self.width)
        self.ocr = nn.Dense(2)

    def prime(self, sheet):
        return self.ocr(self.feeder.feed(sheet)), self.feeder.tally.so_far()

    def __call__(self, sheets):
        start = self.feeder.tally.so_far()
        n = sheets.shape[0]

        def more_sheets(carry):
            i, _ = carry
            return i < n

        def scan_sheet(carry):
            i, confidence = carry
            glyphs = self.ocr(self.feeder.feed(sheets[i]))
            return i + 1, confidence + jax.nn.softmax(glyphs)[0]

        _, confidence = lax.while_loop(more_sheets, scan_sheet, (jnp.int32(0), jnp.zeros(())))
        return confidence / n, start


def digitise_batches(station, variables, batches) -> Iterator[BatchResult]:
    for number, sheets in enumerate(batches):
        (confidence, _), updated = station.apply(variables, sheets, mutable=["tally"])
        variables = {**variables, **updated}
        yield BatchResult(number, confidence, variables["tally"]["pages"])


def load_batches(key, n_batches=3, sheets=4, dims=5):
    return list(jax.random.normal(key, (n_batches, sheets, dims)))


def main():
    station = ScannerStation()
    batches = load_batches(jax.random.key(3))
    variables = station.init(jax.random.key(0), batches[0][0], method=ScannerStation.prime)
    variables = {"params": variables["params"], "tally": {"pages": jnp.zeros((), jnp.int32)}}
    results = list(digitise_batches(station, variables, batches))
    jax.block_until_ready([(r.confidence, r.pages_total + 0) for r in results])
    return None
