# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 CourtroomSimulator.rngs (an nnx.Rngs 'jitter' stream) is drawn inside the scan body
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

        def slot(clock, _):
            noise = jax.random.normal(self.rngs.jitter(), (3,))
            overrun = self.model(base + 0.2 * noise)
            return clock + 30.0 + overrun, overrun

        _, overruns = jax.lax.scan(slot, jnp.zeros(()), None, length=slots)
        return overruns


def main():
    sim = CourtroomSimulator(OverrunModel(nnx.Rngs(0)), seed=3)
    return sim.day(slots=8)
