# label: trace-context
# flax-error: TraceContextError: Cannot mutate GerminationTrials from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 ViabilityTracker.simulate runs the fori_loop itself and the body increments self.trials, an nnx.Variable subclass on the module
"""Seed bank: viability of stored accessions is projected year by year; the tracker counts germination trials."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class GerminationTrials(nnx.Variable):
    """Number of germination tests the tracker has simulated; saved with checkpoints."""


class ViabilityTracker(nnx.Module):
    def __init__(self, accessions, rngs: nnx.Rngs):
        self.storage = nnx.Linear(3, 6, rngs=rngs)
        self.decay = nnx.Linear(6, 1, rngs=rngs)
        self.trials = GerminationTrials(jnp.zeros((), jnp.int32))
        self.accessions = accessions

    def yearly_loss(self, conditions):
        return nnx.sigmoid(self.decay(nnx.relu(self.storage(conditions))))[..., 0]

    def simulate(self, conditions, years):
        def year(index, viability):
            self.trials[...] += 1
            stressed = conditions.at[:, 0].add(0.02 * index)
            return viability * (1.0 - 0.1 * self.yearly_loss(stressed))

        return lax.fori_loop(0, years, year, jnp.ones((self.accessions,)))


def main():
    tracker = ViabilityTracker(accessions=5, rngs=nnx.Rngs(0))
    conditions = jnp.stack([jnp.full((5,), -18.0) / 20.0, jnp.linspace(0.03, 0.07, 5),
                            jnp.arange(5.0) / 5.0], axis=-1)
    viability = tracker.simulate(conditions, years=10)
    jax.block_until_ready(viability)
    return None
