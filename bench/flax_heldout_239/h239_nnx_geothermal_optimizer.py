# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 4 the scan body takes nnx.value_and_grad of self.state.model and updates self.state.optimizer, both reached through the Trainer's TrainState attribute
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
        def step(_, batch):
            loss, grads = nnx.value_and_grad(mse)(self.state.model, batch)
            self.state.optimizer.update(self.state.model, grads)
            return None, loss

        _, losses = scan(step, None, batches)
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
