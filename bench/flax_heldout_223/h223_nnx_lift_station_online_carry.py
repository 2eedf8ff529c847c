# label: ok
# flax-error: none
# class: 4 the scan body calls service.trainer.step_on on a model and nnx.Optimizer merged from the state carried through the loop; nnx.update writes it back
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
        graphdef, state = nnx.split((self.trainer.model, self.trainer.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss = self.trainer.step_on(model, optimizer, batch)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (readings, amplitude))
        nnx.update((self.trainer.model, self.trainer.optimizer), state)
        return losses


def main():
    service = StationService()
    readings = jax.random.normal(jax.random.key(1), (6, 8, 5))
    amplitude = jnp.abs(readings).mean(-1)
    losses = service.replay_shift(readings, amplitude)
    jax.block_until_ready((losses, nnx.state(service.trainer.model)))
    return None
