# label: ok
# flax-error: none
# class: 5 a step builder looked up in a decorator registry is scanned with the trainer's TrainState as the carry; the final state is stored on the holder after the scan
"""Trains the end-of-drying moisture regressor of a hop kiln from logged batches; objectives come from a registry."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn
from flax.training import train_state
from jax import lax

STEP_BUILDERS: dict[str, Callable] = {}


def register(name: str):
    def wrap(builder):
        STEP_BUILDERS[name] = builder
        return builder

    return wrap


class MoistureRegressor(nn.Module):
    hidden: int = 8

    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.gelu(nn.Dense(self.hidden)(x))).squeeze(-1)


@dataclass
class StateHolder:
    state: train_state.TrainState


@dataclass(frozen=True)
class TrainConfig:
    objective: str = "huber"
    learning_rate: float = 3e-2
    epochs: int = 4


@register("huber")
def build_huber_step():
    def step(state, batch):
        features, moisture = batch

        def loss_fn(params):
            pred = state.apply_fn({"params": params}, features)
            return optax.huber_loss(pred, moisture).mean()

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), loss

    return step


@register("squared")
def build_squared_step():
    def step(state, batch):
        features, moisture = batch

        def loss_fn(params):
            return jnp.mean((state.apply_fn({"params": params}, features) - moisture) ** 2)

        loss, grads = jax.value_and_grad(loss_fn)(state.params)
        return state.apply_gradients(grads=grads), loss

    return step


class KilnTrainer:
    def __init__(self, config: TrainConfig, model: MoistureRegressor, sample: jax.Array):
        params = model.init(jax.random.key(21), sample)["params"]
        tx = optax.adam(config.learning_rate)
        self.config = config
        self.holder = StateHolder(train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx))

    def fit(self, features: jax.Array, moisture: jax.Array) -> jax.Array:
        step = STEP_BUILDERS[self.config.objective]()
        self.holder.state, losses = lax.scan(step, self.holder.state, (features, moisture))
        return losses

    def predict(self, features: jax.Array) -> jax.Array:
        state = self.holder.state
        return state.apply_fn({"params": state.params}, features)


def logged_batches(epochs: int):
    temps = jnp.linspace(55.0, 68.0, 5) / 70.0
    feats = jnp.stack([temps, temps ** 2, 1.0 - temps], axis=-1)
    moisture = 0.3 - 0.2 * temps
    return jnp.broadcast_to(feats, (epochs,) + feats.shape), jnp.broadcast_to(moisture, (epochs,) + moisture.shape)


def main():
    config = TrainConfig()
    features, moisture = logged_batches(config.epochs)
    trainer = KilnTrainer(config, MoistureRegressor(), features[0])
    losses = trainer.fit(features, moisture)
    forecast = trainer.predict(features[0])
    jax.block_until_ready((losses, forecast))
    return None
