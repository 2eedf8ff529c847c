# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 4 trainer.state.model and trainer.state.optimizer (nnx.Optimizer) go into the scan body, where nnx.value_and_grad and optimizer.update run on them
"""Tidal barrage operations: fits a sluice-schedule head-difference model over tidal cycles."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


class HeadModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(4, 32, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.tanh(self.hidden(x)))


@dataclass
class TrainState:
    model: HeadModel
    optimizer: nnx.Optimizer


def train_step(model, optimizer, batch):
    features, head = batch

    def loss_fn(m):
        return jnp.mean((m(features)[:, 0] - head) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss


class BarrageTrainer:
    def __init__(self, seed: int = 0, lr: float = 1e-2):
        model = HeadModel(nnx.Rngs(seed))
        self.state = TrainState(model, nnx.Optimizer(model, optax.adam(lr), wrt=nnx.Param))

    def fit(self, cycles):
        def body(_, batch):
            loss = train_step(self.state.model, self.state.optimizer, batch)
            return None, loss

        _, losses = lax.scan(body, None, cycles)
        return losses


def main():
    features = jax.random.normal(jax.random.key(1), (6, 16, 4))
    head = jnp.sin(features[..., 0]) * 2.5
    trainer = BarrageTrainer()
    losses = trainer.fit((features, head))
    jax.block_until_ready(losses)
    return None
