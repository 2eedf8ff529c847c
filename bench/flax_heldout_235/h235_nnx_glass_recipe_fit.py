# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 1 (4 B)
# class: 4 the fori_loop body in BatchWorkshop differentiates self.trainer.model with nnx.value_and_grad
"""Fit the working-range model for the studio's batch recipes (silica, soda, lime, cullet)."""

from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class FitLog:
    steps: int = 0
    last_loss: jax.Array | None = None
    learning_rate: float = 0.05


class WorkingRangeNet(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, recipe):
        return self.head(nnx.silu(self.hidden(recipe)))[..., 0]


def range_loss(model: WorkingRangeNet, recipe, measured):
    return jnp.mean((model(recipe) - measured) ** 2)


class RecipeTrainer:
    def __init__(self, seed: int = 0):
        self.model = WorkingRangeNet(nnx.Rngs(seed))
        self.log = FitLog()

    def sgd(self, model: WorkingRangeNet, grads):
        params = nnx.state(model, nnx.Param)
        nnx.update(model, jax.tree.map(lambda p, g: p - self.log.learning_rate * g, params, grads))


class BatchWorkshop:
    def __init__(self):
        self.trainer = RecipeTrainer()

    def fit(self, recipe, measured, steps: int = 4):
        def step(i, loss):
            loss, grads = nnx.value_and_grad(range_loss)(self.trainer.model, recipe, measured)
            self.trainer.sgd(self.trainer.model, grads)
            return loss

        last = lax.fori_loop(0, steps, step, jnp.zeros(()))
        self.trainer.log = dataclasses.replace(self.trainer.log, steps=self.trainer.log.steps + steps, last_loss=last)
        return self.trainer.log


def main():
    recipe = jnp.array([[0.72, 0.15, 0.09, 0.04], [0.70, 0.16, 0.10, 0.04], [0.68, 0.14, 0.08, 0.10]])
    measured = jnp.array([1.10, 1.05, 0.98])
    log = BatchWorkshop().fit(recipe, measured)
    jax.block_until_ready(log.last_loss)
    return None
