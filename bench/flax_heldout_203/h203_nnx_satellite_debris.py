# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a jax.checkpoint-wrapped step merges the tracker from the fori_loop carry and keeps the merged module on the ConjunctionTracker (self.latest), used after the loop
"""Orbital debris tracking: propagate debris state estimates with a learned drag correction
and keep the most recent filter for conjunction screening."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class DragCorrection(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.net = nnx.Linear(6, 6, rngs=rngs)
        self.gain = nnx.Param(jnp.full((6,), 0.01))

    def __call__(self, states):
        return states + self.gain[...] * jnp.tanh(self.net(states))


class ConjunctionTracker:
    def __init__(self, model):
        self.model = model
        self.latest = model

    def make_step(self, observations):
        graphdef, _ = nnx.split(self.model)

        @jax.checkpoint
        def step(i, carry):
            states, params = carry
            model = nnx.merge(graphdef, params)
            states = model(states) + 0.1 * (observations[i] - states)
            self.latest = model
            return states, nnx.state(model)

        return step

    def propagate(self, states, observations):
        step = self.make_step(observations)
        carry = (states, nnx.state(self.model))
        states, _ = lax.fori_loop(0, observations.shape[0], step, carry)
        return states

    def screen(self, states, radius=1.0):
        predicted = self.latest(states)
        dist = jnp.linalg.norm(predicted[:, None, :3] - predicted[None, :, :3], axis=-1)
        return jnp.sum((dist < radius) & (dist > 0)) // 2


def main():
    objects = 10
    states = jax.random.normal(jax.random.key(0), (objects, 6))
    observations = states + 0.05 * jax.random.normal(jax.random.key(1), (8, objects, 6))
    tracker = ConjunctionTracker(DragCorrection(nnx.Rngs(2)))
    states = tracker.propagate(states, observations)
    print("close approaches", int(tracker.screen(states)))
    return None
