# label: ok
# flax-error: none
# class: 1 the tracker module's own method runs the fori_loop; flush estimates are carried and sown after the loop
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

        def day(i, state):
            biomass, flushes = state
            biomass = biomass + rate * jnp.log1p(i + 1.0)
            return biomass, flushes.at[i].set(biomass.mean())

        init = (jnp.zeros((self.beds,)), jnp.zeros((self.days,)))
        biomass, flushes = lax.fori_loop(0, self.days, day, init)
        self.sow("intermediates", "flush", flushes)
        return biomass


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
