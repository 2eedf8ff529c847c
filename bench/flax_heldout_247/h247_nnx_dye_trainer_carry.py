# label: ok
# flax-error: none
# class: 5 make_train_step(loss_fn) returns the lax.scan body; the model and optimizer enter and leave through the carry and are written back with nnx.update
"""Dye-bath concentration regression for the mill's colour kitchen."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


@dataclass(frozen=True)
class RecipeData:
    dyes: int = 3  # reactive red, yellow, blue
    readings: int = 5  # spectrophotometer bands
    batch: int = 4
    steps: int = 3


@dataclass(frozen=True)
class TrainerConfig:
    learning_rate: float = 0.05
    hidden: int = 8


class ConcentrationModel(nnx.Module):
    def __init__(self, data: RecipeData, cfg: TrainerConfig, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(data.readings, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, data.dyes, rngs=rngs)

    def __call__(self, readings):
        return self.out(nnx.tanh(self.hidden(readings)))


def mse(model, batch):
    readings, target = batch
    return jnp.mean((model(readings) - target) ** 2)


def make_train_step(loss_fn=mse):
    grad_fn = nnx.value_and_grad(loss_fn)

    def train_step(carry, batch):
        model, optimizer = carry
        loss, grads = grad_fn(model, batch)
        optimizer.update(model, grads)
        return (model, optimizer), loss

    return train_step


class ColourKitchenTrainer:
    def __init__(self, data: RecipeData, cfg: TrainerConfig, seed: int = 0):
        self.data = data
        self.model = ConcentrationModel(data, cfg, rngs=nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(cfg.learning_rate), wrt=nnx.Param)

    def epoch(self, batches):
        step_fn = make_train_step()
        (model, optimizer), losses = lax.scan(step_fn, (self.model, self.optimizer), batches)
        nnx.update(self.model, nnx.state(model))
        nnx.update(self.optimizer, nnx.state(optimizer))
        return losses


def recipe_batches(data: RecipeData):
    readings = jnp.ones((data.steps, data.batch, 1)) * jnp.linspace(0.2, 0.9, data.readings)
    target = jnp.ones((data.steps, data.batch, 1)) * jnp.array([0.3, 0.5, 0.2])
    return readings, target


def main():
    data = RecipeData()
    trainer = ColourKitchenTrainer(data, TrainerConfig())
    losses = trainer.epoch(recipe_batches(data))
    jax.block_until_ready((losses, nnx.state(trainer.model, nnx.Param)))
    return None
