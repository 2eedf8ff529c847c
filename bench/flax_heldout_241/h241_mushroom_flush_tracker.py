# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 1 the tracker module's own method runs the fori_loop and sows each flush estimate from the body
"""Flush-yield tracker for a mushroom farm: substrate moisture over days, sown diagnostics."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as linen

lax = jax.lax


class FlushTracker(linen.Module):
    days: int = 5
    beds: int = 3

    def setup(self):
        self.colonize = linen.Dense(self.beds)

    def __call__(self, moisture):
        rate = linen.sigmoid(self.colonize(moisture))

        def day(i, biomass):
            biomass = biomass + rate * jnp.log1p(i + 1.0)
            self.sow("intermediates", "flush", biomass.mean())
            return biomass

        return lax.fori_loop(0, self.days, day, jnp.zeros((self.beds,)))


class YieldReport:
    def __init__(self, tracker: FlushTracker, variables):
        self.tracker = tracker
        self.variables = variables

    def collect(self, moisture):
        biomass, diag = self.tracker.apply(self.variables, moisture, mutable=["intermediates"])
        flushes = jnp.stack(diag["intermediates"]["flush"])
        return biomass, flushes


@functools.lru_cache(maxsize=None)
def tracker_for(days: int) -> FlushTracker:
    return FlushTracker(days=days)


def main():
    tracker = tracker_for(5)
    moisture = jnp.array([0.6, 0.7, 0.65])
    variables = tracker.init(jax.random.key(11), moisture)
    report = YieldReport(tracker, {"params": variables["params"]})
    biomass, flushes = report.collect(moisture)
    jax.block_until_ready((biomass, flushes * 2.0))
    return None
