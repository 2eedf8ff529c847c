# label: trace-context
# flax-error: TraceContextError: Cannot mutate EmaWeight from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body calls blender.tracker.update, which writes an EmaWeight Variable subclass held by the tracker module
"""Perfumery: smooth predicted accord intensities over trial blends with an exponential moving average."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import fori_loop

ACCORDS = ("citrus", "floral", "woody", "amber", "musk")


class EmaWeight(nnx.Variable):
    pass


class AccordModel(nnx.Module):
    def __init__(self, ingredients: int, rngs: nnx.Rngs):
        self.mix = nnx.Linear(ingredients, len(ACCORDS), rngs=rngs)

    def __call__(self, fractions):
        return nnx.softplus(self.mix(fractions))


class EmaTracker(nnx.Module):
    def __init__(self, size: int, decay: float = 0.9):
        self.decay = decay
        self.ema = EmaWeight(jnp.zeros((size,)))

    def update(self, value):
        self.ema[...] = self.decay * self.ema[...] + (1.0 - self.decay) * value


class PerfumeBlender:
    def __init__(self, ingredients: int = 9, seed: int = 0):
        self.model = AccordModel(ingredients, nnx.Rngs(seed))
        self.tracker = EmaTracker(len(ACCORDS))

    def run_trials(self, trials):
        def trial(i, strongest):
            intensity = self.model(trials[i]).mean(axis=0)
            self.tracker.update(intensity)
            return jnp.maximum(strongest, intensity)

        return fori_loop(0, trials.shape[0], trial, jnp.zeros(len(ACCORDS)))


def main():
    blender = PerfumeBlender()
    trials = jax.nn.softmax(jax.random.normal(jax.random.key(12), (5, 3, 9)), axis=-1)
    strongest = blender.run_trials(trials)
    jax.block_until_ready((strongest, blender.tracker.ema[...]))
    return None
