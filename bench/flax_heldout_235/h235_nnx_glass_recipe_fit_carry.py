# label: ok
# flax-error: none
# class: 4 BatchWorkshop splits self.trainer.model, threads its state through the fori_loop carry and differentiates the model merged in the body
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
        graphdef, state = nnx.split(self.trainer.model)

        def step(i, carry):
            state, _ = carry
            model = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(range_loss)(model, recipe, measured)
            self.trainer.sgd(model, grads)
            return nnx.state(model), loss

        state, last = lax.fori_loop(0, steps, step, (state, jnp.zeros(())))
        nnx.update(self.trainer.model, state)
        self.trainer.log = dataclasses.replace(self.trainer.log, steps=self.trainer.log.steps + steps, last_loss=last)
        return self.trainer.log


def main():
    recipe = jnp.array([[0.72, 0.15, 0.09, 0.04], [0.70, 0.16, 0.10, 0.04], [0.68, 0.14, 0.08, 0.10]])
    measured = jnp.array([1.10, 1.05, 0.98])
    log = BatchWorkshop().fit(recipe, measured)
    jax.block_until_ready(log.last_loss)
    return None
