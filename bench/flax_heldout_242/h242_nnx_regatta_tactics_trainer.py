# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body hands trainer.bundle.model and trainer.bundle.optimizer to an nnx.jit train step (TacticsTrainer -> TrainBundle -> model/optimizer)
"""Tactics model for a regatta coaching boat: predicts the gain of a tack from the wind log."""
from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx

lax = jax.lax


class TackGain(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.body = nnx.Linear(features, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, log):
        return self.head(nnx.gelu(self.body(log))).squeeze(-1)


def loss_fn(model: TackGain, log, gain):
    return jnp.mean(optax.huber_loss(model(log), gain))


@nnx.jit
def train_step(model: TackGain, optimizer: nnx.Optimizer, log, gain):
    loss, grads = nnx.value_and_grad(loss_fn)(model, log, gain)
    optimizer.update(model, grads)
    return loss


@dataclass
class TrainBundle:
    model: TackGain
    optimizer: nnx.Optimizer


class TacticsTrainer:
    def __init__(self, features: int, seed: int, lr: float = 3e-3):
        model = TackGain(features, nnx.Rngs(seed))
        self.bundle = TrainBundle(model, nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param))

    def session(self, logs, gains):
        def step(total, batch):
            log, gain = batch
            loss = train_step(self.bundle.model, self.bundle.optimizer, log, gain)
            return total + loss, loss

        return lax.scan(step, jnp.zeros(()), (logs, gains))


def main():
    k_log, k_gain = jax.random.split(jax.random.key(77))
    logs = jax.random.normal(k_log, (4, 6, 5))
    gains = jax.random.normal(k_gain, (4, 6))
    total, losses = TacticsTrainer(features=5, seed=1).session(logs, gains)
    jax.block_until_ready((total, losses))
    return None
