# label: ok
# flax-error: none
# class: 4 DeckTrainer -> TrainState -> model and nnx.Optimizer; nnx.split((model, optimizer)) before the scan, the state goes through the carry, nnx.merge in the body and nnx.update after the loop
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
        graphdef, train_state = nnx.split((self.state.model, self.state.optimizer))

        def body(carry, batch):
            total, train_state = carry
            model, optimizer = nnx.merge(graphdef, train_state)
            loss = self._train_step(model, optimizer, batch)
            return (total + loss, nnx.state((model, optimizer))), loss

        (total, train_state), _ = jax.lax.scan(body, (jnp.zeros(()), train_state), (strains, tonnes))
        nnx.update((self.state.model, self.state.optimizer), train_state)
        return total / strains.shape[0]


def main():
    model = DeckLoadRegressor(sensors=8, hidden=16, rngs=nnx.Rngs(0))
    state = TrainState(model, nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param))
    strains = jax.random.normal(jax.random.key(1), (6, 32, 8))
    tonnes = strains.sum(-1) * 2.0
    DeckTrainer(state).fit_epoch(strains, tonnes)
    return None
