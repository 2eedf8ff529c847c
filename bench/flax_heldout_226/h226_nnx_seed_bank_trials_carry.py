# label: ok
# flax-error: none
# class: 1 ViabilityTracker.simulate runs the fori_loop itself; the trial count of self.trials, an nnx.Variable subclass, travels through the carry and is written back after the loop
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
        def year(index, carry):
            viability, trials = carry
            stressed = conditions.at[:, 0].add(0.02 * index)
            return viability * (1.0 - 0.1 * self.yearly_loss(stressed)), trials + 1

        viability, trials = lax.fori_loop(0, years, year, (jnp.ones((self.accessions,)), self.trials[...]))
        self.trials[...] = trials
        return viability


def main():
    tracker = ViabilityTracker(accessions=5, rngs=nnx.Rngs(0))
    conditions = jnp.stack([jnp.full((5,), -18.0) / 20.0, jnp.linspace(0.03, 0.07, 5),
                            jnp.arange(5.0) / 5.0], axis=-1)
    viability = tracker.simulate(conditions, years=10)
    jax.block_until_ready(viability)
    return None
