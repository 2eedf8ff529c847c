# label: ok
# flax-error: none
# class: 4 the while_loop body calls service.acquire().jitter, which applies the pooled session's model with its key folded with the trial index
"""Pipe organ voicing: randomised wind-pressure trials for a rank of pipes, served from a session pool."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class VoicingModel(nn.Module):
    pipes: int = 8

    @nn.compact
    def __call__(self, pressure):
        return nn.Dense(self.pipes)(pressure)

    def jitter(self, pressure):
        wind = 0.05 * jax.random.normal(self.make_rng("wind"), pressure.shape)
        return self(pressure + wind)


class VoicingSession:
    def __init__(self, model, variables, key):
        self.model = model
        self.variables = variables
        self.key = key

    def jitter(self, pressure, trial):
        rngs = {"wind": jax.random.fold_in(self.key, trial)}
        return self.model.apply(self.variables, pressure, method=VoicingModel.jitter, rngs=rngs)


class VoicingService:
    def __init__(self, size: int = 2, seed: int = 0):
        model = VoicingModel()
        variables = model.init(jax.random.key(seed), jnp.zeros((3,)))
        keys = jax.random.split(jax.random.key(seed + 100), size)
        self.pool = [VoicingSession(model, variables, keys[i]) for i in range(size)]

    def acquire(self) -> VoicingSession:
        return self.pool[0]


def run_trials(service: VoicingService, pressure, n_trials: int = 6):
    def more(state):
        trial, _ = state
        return trial < n_trials

    def body(state):
        trial, cents = state
        offsets = service.acquire().jitter(pressure, trial)
        return trial + 1, cents.at[trial].set(offsets)

    _, cents = lax.while_loop(more, body, (0, jnp.zeros((n_trials, 8))))
    return cents


def main():
    service = VoicingService()
    return run_trials(service, jnp.array([0.7, 0.72, 0.69]))
