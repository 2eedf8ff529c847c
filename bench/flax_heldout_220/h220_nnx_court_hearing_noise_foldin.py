# label: ok
# flax-error: none
# class: 3 CourtroomSimulator.rngs (an nnx.Rngs 'jitter' stream) is drawn once before the scan; the body folds the slot index in
"""Courtroom scheduling: sampled overrun minutes for each slot of the day."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class OverrunModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(3, 1, rngs=rngs)

    def __call__(self, slot_features):
        return nnx.softplus(self.proj(slot_features))[0]


class CourtroomSimulator:
    def __init__(self, model: OverrunModel, seed: int):
        self.model = model
        self.rngs = nnx.Rngs(jitter=seed)

    def day(self, slots: int):
        base = jnp.array([1.0, 0.5, 0.25])
        day_key = self.rngs.jitter()

        def slot(clock, index):
            noise = jax.random.normal(jax.random.fold_in(day_key, index), (3,))
            overrun = self.model(base + 0.2 * noise)
            return clock + 30.0 + overrun, overrun

        _, overruns = jax.lax.scan(slot, jnp.zeros(()), jnp.arange(slots))
        return overruns


def main():
    sim = CourtroomSimulator(OverrunModel(nnx.Rngs(0)), seed=3)
    return sim.day(slots=8)
