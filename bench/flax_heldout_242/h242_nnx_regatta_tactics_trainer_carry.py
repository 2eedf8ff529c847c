# label: ok
# flax-error: none
# class: 4 trainer.bundle's model and optimizer are split before the scan; their state rides in the carry and is merged in the body for the nnx.jit train step
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
        graphdef, state = nnx.split((self.bundle.model, self.bundle.optimizer))

        def step(state, batch):
            log, gain = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss = train_step(model, optimizer, log, gain)
            return nnx.state((model, optimizer)), loss

        state, losses = lax.scan(step, state, (logs, gains))
        nnx.update((self.bundle.model, self.bundle.optimizer), state)
        return losses.sum(), losses


def main():
    k_log, k_gain = jax.random.split(jax.random.key(77))
    logs = jax.random.normal(k_log, (4, 6, 5))
    gains = jax.random.normal(k_gain, (4, 6))
    total, losses = TacticsTrainer(features=5, seed=1).session(logs, gains)
    jax.block_until_ready((total, losses))
    return None
