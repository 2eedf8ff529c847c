# label: ok
# flax-error: none
# class: 5 the scan body looks up a step in a decorator registry; the grader's counts leave as the scan's ys
"""Cranberry receiving station: grading line that sorts berries by bounce firmness."""
from __future__ import annotations

from typing import Callable

import jax
import jax.numpy as jnp
import flax.linen as linen
from jax.lax import scan

STEP_REGISTRY: dict[str, Callable] = {}


def register_step(name: str):
    def wrap(fn):
        STEP_REGISTRY[name] = fn
        return fn

    return wrap


class BounceGrader(linen.Module):
    grades: int = 3

    @linen.compact
    def __call__(self, berries):
        logits = linen.Dense(self.grades, name="grade_head")(berries)
        firm = self.variable("counts", "firm", jnp.zeros, ())
        soft = self.variable("counts", "soft", jnp.zeros, ())
        is_firm = logits[..., 0] > logits[..., 1:].max(-1)
        firm.value = firm.value + is_firm.sum()
        soft.value = soft.value + (~is_firm).sum()
        return logits


@register_step("bounce")
def bounce_step(grader, variables, truckload):
    logits, mutated = grader.apply(variables, truckload, mutable=["counts"])
    return logits.argmax(-1), mutated["counts"]


class GradingLine:
    def __init__(self, grader, variables, step: str = "bounce"):
        self.grader = grader
        self.variables = variables
        self.step = step
        self.snapshots: list = []

    def run_shift(self, truckloads):
        step_fn = STEP_REGISTRY[self.step]

        def unload(carry, truckload):
            grades, counts = step_fn(self.grader, self.variables, truckload)
            return carry + grades.sum(), (grades, counts)

        total, (grades, counts) = scan(unload, jnp.zeros((), jnp.int32), truckloads)
        self.snapshots.append(counts)
        return total, grades

    def shift_totals(self):
        return jax.tree.map(lambda *xs: sum(x.sum(0) for x in xs), *self.snapshots)


def main():
    truckloads = jnp.tile(jnp.array([0.4, 1.2, -0.3, 0.8]), (4, 5, 1))
    grader = BounceGrader()
    variables = grader.init(jax.random.key(3), truckloads[0])
    line = GradingLine(grader, variables)
    _, grades = line.run_shift(truckloads)
    totals = line.shift_totals()
    jax.block_until_ready((grades, totals["firm"] + totals["soft"]))
    return None
