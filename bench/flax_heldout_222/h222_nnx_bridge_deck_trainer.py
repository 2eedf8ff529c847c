# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 DeckTrainer -> TrainState -> model and nnx.Optimizer; the scan body runs nnx.value_and_grad and optimizer.update on those objects directly
"""Bridge load monitoring: fit a deck-load regressor to weigh-in-motion records, one epoch per scan."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class DeckLoadRegressor(nnx.Module):
    def __init__(self, sensors: int, hidden: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(sensors, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, strains):
        return self.head(nnx.relu(self.embed(strains)))[..., 0]


@dataclass
class TrainState:
    model: DeckLoadRegressor
    optimizer: nnx.Optimizer


def axle_load_loss(model: DeckLoadRegressor, batch):
    strains, tonnes = batch
    return jnp.mean((model(strains) - tonnes) ** 2)


class DeckTrainer:
    def __init__(self, state: TrainState):
        self.state = state

    @staticmethod
    def _train_step(model, optimizer, batch):
        loss, grads = nnx.value_and_grad(axle_load_loss)(model, batch)
        optimizer.update(model, grads)
        return loss

    def fit_epoch(self, strains, tonnes):
        def body(total, batch):
            loss = self._train_step(self.state.model, self.state.optimizer, batch)
            return total + loss, loss

        total, _ = jax.lax.scan(body, jnp.zeros(()), (strains, tonnes))
        return total / strains.shape[0]


def main():
    model = DeckLoadRegressor(sensors=8, hidden=16, rngs=nnx.Rngs(0))
    state = TrainState(model, nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param))
    strains = jax.random.normal(jax.random.key(1), (6, 32, 8))
    tonnes = strains.sum(-1) * 2.0
    DeckTrainer(state).fit_epoch(strains, tonnes)
    return None
