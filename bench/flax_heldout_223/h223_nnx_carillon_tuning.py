# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the fori_loop body calls tuner.bank.handle.partials, found by __getattr__ on a handle around the bell model, whose partials method is an nnx.jit
"""Carillon tuning: average the measured partials of each bell over repeated clapper strikes."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

PARTIALS = ("hum", "prime", "tierce", "quint", "nominal")


class BellSpectrum(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.resonance = nnx.Linear(4, len(PARTIALS), rngs=rngs)

    @nnx.jit
    def partials(self, strike):
        return nnx.softplus(self.resonance(strike))


class ModelHandle:
    """Thin handle handed to tools; delegates everything to the model."""

    def __init__(self, model):
        self._model = model

    def __getattr__(self, name):
        return getattr(self._model, name)


class BellBank:
    def __init__(self, seed: int = 0):
        self.handle = ModelHandle(BellSpectrum(nnx.Rngs(seed)))


class CarillonTuner:
    def __init__(self, bank: BellBank):
        self.bank = bank

    def average_partials(self, strikes):
        def strike(i, total):
            return total + self.bank.handle.partials(strikes[i])

        total = lax.fori_loop(0, strikes.shape[0], strike, jnp.zeros((strikes.shape[1], len(PARTIALS))))
        return total / strikes.shape[0]


def main():
    tuner = CarillonTuner(BellBank())
    strikes = jax.random.uniform(jax.random.key(13), (6, 23, 4))
    jax.block_until_ready(tuner.average_partials(strikes))
    return None
