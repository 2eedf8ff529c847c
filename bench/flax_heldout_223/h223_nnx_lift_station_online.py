# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the scan body calls service.trainer.train_step, which takes nnx.value_and_grad of the trainer's model and updates the trainer's nnx.Optimizer
"""Lift station pumping: online fitting of a pump vibration model while replaying a shift of readings."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class PumpVibrationModel(nnx.Module):
    def __init__(self, sensors: int, rngs: nnx.Rngs):
        self.encode = nnx.Linear(sensors, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, readings):
        return self.head(nnx.gelu(self.encode(readings))).squeeze(-1)


def loss_fn(model: PumpVibrationModel, batch):
    readings, amplitude = batch
    return jnp.mean((model(readings) - amplitude) ** 2)


class OnlineTrainer:
    def __init__(self, sensors: int = 5, seed: int = 0):
        self.model = PumpVibrationModel(sensors, nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(1e-2), wrt=nnx.Param)

    @staticmethod
    def step_on(model, optimizer, batch):
        loss, grads = nnx.value_and_grad(loss_fn)(model, batch)
        optimizer.update(model, grads)
        return loss

    def train_step(self, batch):
        return self.step_on(self.model, self.optimizer, batch)


class StationService:
    def __init__(self):
        self.trainer = OnlineTrainer()

    def replay_shift(self, readings, amplitude):
        def body(_, batch):
            loss = self.trainer.train_step(batch)
            return None, loss

        _, losses = jax.lax.scan(body, None, (readings, amplitude))
        return losses


def main():
    service = StationService()
    readings = jax.random.normal(jax.random.key(1), (6, 8, 5))
    amplitude = jnp.abs(readings).mean(-1)
    losses = service.replay_shift(readings, amplitude)
    jax.block_until_ready(losses)
    return None
