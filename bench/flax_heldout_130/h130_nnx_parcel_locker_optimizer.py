# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 OccupancyTrainer.state.model and OccupancyTrainer.state.optimizer (nnx.Optimizer) are differentiated and updated in the scan body
"""Parcel locker occupancy: a regressor predicts how many compartments of each locker bank
are taken per hour; the trainer fits it online over the week's batches."""
import dataclasses

import flax.nnx as nnx
import jax
import jax.numpy as jnp
import optax
from jax import lax


class OccupancyModel(nnx.Module):
    def __init__(self, features, rngs):
        self.hidden = nnx.Linear(features, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.silu(self.hidden(x)))[..., 0]


@dataclasses.dataclass
class TrainState:
    model: OccupancyModel
    optimizer: nnx.Optimizer


class OccupancyTrainer:
    def __init__(self, state):
        self.state = state

    @staticmethod
    def loss_fn(model, batch):
        features, occupied = batch
        return jnp.mean((model(features) - occupied) ** 2)

    def fit(self, batches):
        def train_step(carry, batch):
            loss, grads = nnx.value_and_grad(self.loss_fn)(self.state.model, batch)
            self.state.optimizer.update(self.state.model, grads)
            return carry, loss

        _, losses = lax.scan(train_step, None, batches)
        return losses


def main():
    model = OccupancyModel(features=5, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    trainer = OccupancyTrainer(TrainState(model, optimizer))
    features = jax.random.normal(jax.random.key(1), (6, 8, 5))
    occupied = jnp.clip(features.sum(-1), 0, None)
    losses = trainer.fit((features, occupied))
    print(losses)
    return None
