# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 24 (96 B)
# class: 4 the model and nnx.Optimizer reach the scan body through ClimateTrainer.fit -> self._train_step -> self.state.optimizer
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

    def _train_step(self, readings, targets):
        loss, grads = nnx.value_and_grad(mse)(self.state.model, readings, targets)
        self.state.optimizer.update(self.state.model, grads)
        return loss

    def fit(self, day_readings, day_targets):
        def day(running, batch):
            loss = self._train_step(*batch)
            return running + loss, loss

        total, losses = scan(day, jnp.array(0.0), (day_readings, day_targets))
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
