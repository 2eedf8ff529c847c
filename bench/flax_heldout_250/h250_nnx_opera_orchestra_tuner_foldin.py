# label: ok
# flax-error: none
# class: 4 the fori_loop body in rehearse_tuning reaches house.orchestra.tuner and calls tuner.fresh_rngs(i), which folds the round index into the tuner's seed key, for the tuner model's Dropout
"""Intonation drift rehearsal for an opera house orchestra's electronic tuner."""

from __future__ import annotations

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class DriftModel(nnx.Module):
    def __init__(self, strings: int, rngs: nnx.Rngs):
        self.detune = nnx.Linear(strings, strings, rngs=rngs)
        self.slip = nnx.Dropout(0.5, rng_collection="tune")

    def __call__(self, pitches, *, rngs: nnx.Rngs):
        return pitches + 0.1 * self.slip(jnp.tanh(self.detune(pitches)), rngs=rngs)


@dataclass
class Tuner:
    model: DriftModel
    seed: int = 440

    def fresh_rngs(self, round_index) -> nnx.Rngs:
        return nnx.Rngs(tune=jax.random.fold_in(jax.random.key(self.seed), round_index))


@dataclass
class Orchestra:
    tuner: Tuner
    sections: list[str] = field(default_factory=lambda: ["strings", "winds"])


@dataclass
class OperaHouse:
    name: str
    orchestra: Orchestra


def open_house(strings: int = 4) -> OperaHouse:
    tuner = Tuner(DriftModel(strings, nnx.Rngs(0)))
    return OperaHouse("Teatro Nuovo", Orchestra(tuner))


def rehearse_tuning(house: OperaHouse, pitches, rounds: int):
    def one_round(i, drift):
        tuner = house.orchestra.tuner
        return drift.at[i].set(tuner.model(pitches, rngs=tuner.fresh_rngs(i)))

    return fori_loop(0, rounds, one_round, jnp.zeros((rounds,) + pitches.shape))


def main():
    house = open_house()
    pitches = jnp.array([1.96, 2.94, 4.40, 6.59])
    return rehearse_tuning(house, pitches, rounds=5)
