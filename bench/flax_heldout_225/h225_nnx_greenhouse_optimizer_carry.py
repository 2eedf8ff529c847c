# label: ok
# flax-error: none
# class: 4 the model and nnx.Optimizer of ClimateTrainer.state are nnx.split before the scan, carried as state, merged in self._train_step and nnx.update'd after
"""Greenhouse climate control (NNX): fit a vent/heating response model over logged days."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx
from jax.lax import scan


class VentResponse(nnx.Module):
    def __init__(self, sensors: int, actuators: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(sensors, 24, rngs=rngs)
        self.out = nnx.Linear(24, actuators, rngs=rngs)

    def __call__(self, readings):
        return self.out(nnx.tanh(self.hidden(readings)))


@dataclass
class TrainState:
    model: VentResponse
    optimizer: nnx.Optimizer


def mse(model, readings, targets):
    return jnp.mean((model(readings) - targets) ** 2)


class ClimateTrainer:
    def __init__(self, state: TrainState):
        self.state = state

    def _train_step(self, graphdef, carried, readings, targets):
        model, optimizer = nnx.merge(graphdef, carried)
        loss, grads = nnx.value_and_grad(mse)(model, readings, targets)
        optimizer.update(model, grads)
        return nnx.state((model, optimizer)), loss

    def fit(self, day_readings, day_targets):
        graphdef, carried = nnx.split((self.state.model, self.state.optimizer))

        def day(carry, batch):
            carried, running = carry
            carried, loss = self._train_step(graphdef, carried, *batch)
            return (carried, running + loss), loss

        (carried, total), losses = scan(day, (carried, jnp.array(0.0)), (day_readings, day_targets))
        nnx.update((self.state.model, self.state.optimizer), carried)
        return total / day_readings.shape[0]


def main():
    model = VentResponse(sensors=5, actuators=2, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(3e-3), wrt=nnx.Param)
    trainer = ClimateTrainer(TrainState(model, optimizer))
    readings = jnp.sin(jnp.arange(7 * 16 * 5, dtype=jnp.float32)).reshape(7, 16, 5)
    targets = jnp.stack([readings.mean(-1), readings.max(-1)], axis=-1)
    mean_loss = trainer.fit(readings, targets)
    jax.block_until_ready(mean_loss)
    return None
