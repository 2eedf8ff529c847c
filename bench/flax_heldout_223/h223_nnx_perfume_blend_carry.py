# label: ok
# flax-error: none
# class: 4 the fori_loop body calls blender.tracker.smoothed on the EMA carried through the loop; the EmaWeight Variable subclass held by the tracker is written after it
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

    def smoothed(self, ema, value):
        return self.decay * ema + (1.0 - self.decay) * value


class PerfumeBlender:
    def __init__(self, ingredients: int = 9, seed: int = 0):
        self.model = AccordModel(ingredients, nnx.Rngs(seed))
        self.tracker = EmaTracker(len(ACCORDS))

    def run_trials(self, trials):
        def trial(i, carry):
            strongest, ema = carry
            intensity = self.model(trials[i]).mean(axis=0)
            return jnp.maximum(strongest, intensity), self.tracker.smoothed(ema, intensity)

        init = (jnp.zeros(len(ACCORDS)), self.tracker.ema[...])
        strongest, ema = fori_loop(0, trials.shape[0], trial, init)
        self.tracker.ema[...] = ema
        return strongest


def main():
    blender = PerfumeBlender()
    trials = jax.nn.softmax(jax.random.normal(jax.random.key(12), (5, 3, 9)), axis=-1)
    strongest = blender.run_trials(trials)
    jax.block_until_ready((strongest, blender.tracker.ema[...]))
    return None
