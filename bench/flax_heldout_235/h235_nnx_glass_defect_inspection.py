# label: same-values
# flax-error: none
# class: 5 make_inspection_step is a step factory whose scan body builds its own nnx.Rngs from the inspection config
"""Cold-end inspection of blown tumblers: sample seed/stone defects per piece and score them."""

from __future__ import annotations

import dataclasses
import functools
from typing import Callable

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan as lax_scan


@dataclasses.dataclass(frozen=True)
class InspectionConfig:
    seed: int = 17
    zones: int = 6
    seed_rate: float = 0.3
    stone_rate: float = 0.05


class DefectSampler(nnx.Module):
    def __init__(self, config: InspectionConfig, rngs: nnx.Rngs):
        self.config = config
        self.rngs = rngs

    def __call__(self):
        c = self.config
        u = jax.random.uniform(self.rngs.defects(), (2, c.zones))
        return jnp.stack([(u[0] < c.seed_rate), (u[1] < c.stone_rate)]).astype(jnp.float32)


class DefectScorer(nnx.Module):
    def __init__(self, zones: int, rngs: nnx.Rngs):
        self.weigh = nnx.Linear(zones, zones, rngs=rngs)

    def __call__(self, defects):
        return nnx.sigmoid(self.weigh(defects[0] + 4.0 * defects[1]))


Stage = Callable[[jax.Array], jax.Array]


def polariscope(x):
    return x * 1.05


def light_table(x):
    return jnp.clip(x, 0.0, 1.0)


def make_inspection_step(scorer: DefectScorer, config: InspectionConfig, stages: tuple[Stage, ...]):
    def inspect(rejects, piece):
        sampler = DefectSampler(config, nnx.Rngs(defects=config.seed))
        score = functools.reduce(lambda acc, stage: stage(acc), stages, scorer(sampler() + piece))
        return rejects + (score.max() > 0.7), score

    return inspect


class ColdEndLine:
    def __init__(self, config: InspectionConfig = InspectionConfig()):
        self.config = config
        self.scorer = DefectScorer(config.zones, nnx.Rngs(0))

    def shift(self, pieces: int = 5):
        config = dataclasses.replace(self.config, seed_rate=self.config.seed_rate * 1.5)
        step = make_inspection_step(self.scorer, config, (polariscope, light_table))
        blanks = jnp.zeros((pieces, 2, config.zones))
        _, scores = lax_scan(step, jnp.zeros((), jnp.int32), blanks)
        return scores


def main():
    return ColdEndLine().shift()
