# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 6 (24 B)
# class: 4 the fori_loop body takes nnx.grad with the NoseModel returned by the thread-local accessor active_nose() as an argument
"""Note sensitivity probe for the perfumery's electronic-nose model."""

from __future__ import annotations

import threading

import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx

_worker = threading.local()


class NoseModel(nnx.Module):
    def __init__(self, notes: int, receptors: int, rngs: nnx.Rngs):
        self.bind = nnx.Linear(notes, receptors, rngs=rngs)
        self.read = nnx.Linear(receptors, 1, rngs=rngs)

    def __call__(self, notes):
        return self.read(nnx.tanh(self.bind(notes)))[0]


def install_nose(model: NoseModel) -> None:
    _worker.nose = model


def active_nose() -> NoseModel:
    return _worker.nose


def perceived(model: NoseModel, notes):
    return model(notes)


class SensitivityProbe:
    def __init__(self, rounds: int, step: float = 0.05):
        self.rounds = rounds
        self.step = step
        self._grad = nnx.grad(perceived, argnums=1)

    def climb(self, notes):
        def one_round(_, current):
            sensitivity = self._grad(active_nose(), current)
            return jnp.clip(current + self.step * sensitivity, 0.0, 1.0)

        return lax.fori_loop(0, self.rounds, one_round, notes)


def main():
    install_nose(NoseModel(notes=4, receptors=6, rngs=nnx.Rngs(17)))
    tuned = SensitivityProbe(rounds=4).climb(jnp.array([0.2, 0.3, 0.3, 0.2]))
    jax.block_until_ready(tuned)
    return None
