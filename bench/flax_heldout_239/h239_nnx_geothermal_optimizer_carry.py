# label: ok
# flax-error: none
# class: 4 the Trainer's TrainState (model and optimizer) is split before the scan, rides in the carry, is merged in the body and updated back after the scan
"""Fits the reinjection-temperature regressor for a geothermal doublet."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.lax import scan


class ReinjectionModel(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(sensors, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


@dataclass
class TrainState:
    model: ReinjectionModel
    optimizer: nnx.Optimizer


def mse(model: ReinjectionModel, batch):
    x, y = batch
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, sensors: int, learning_rate: float = 1e-2):
        model = ReinjectionModel(sensors, nnx.Rngs(3))
        self.state = TrainState(model, nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param))

    def fit(self, batches):
        graphdef, carried = nnx.split((self.state.model, self.state.optimizer))

        def step(carried, batch):
            model, optimizer = nnx.merge(graphdef, carried)
            loss, grads = nnx.value_and_grad(mse)(model, batch)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        carried, losses = scan(step, carried, batches)
        nnx.update((self.state.model, self.state.optimizer), carried)
        return losses


def doublet_batches(steps: int, sensors: int):
    x = jnp.broadcast_to(jnp.linspace(0.5, 1.5, sensors), (steps, 8, sensors))
    y = jnp.full((steps, 8), 0.7)
    return x, y


def main():
    trainer = Trainer(sensors=3)
    losses = trainer.fit(doublet_batches(steps=4, sensors=3))
    jax.block_until_ready((losses, nnx.state(trainer.state.model)))
    return None
