# label: ok
# flax-error: none
# class: 4 the model and optimizer of CraneTrainer.workspace are reached through the trainer and its workspace, split before the scan and threaded through its carry
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


@dataclasses.dataclass(frozen=True)
class TrainerState:
    epoch: int = 0
    losses: Any = None


class DwellTimeModel(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, moves):
        return self.out(nnx.relu(self.hidden(moves)))[..., 0]


class Workspace:
    def __init__(self, features: int, learning_rate: float):
        self.model = DwellTimeModel(features, nnx.Rngs(0))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(learning_rate), wrt=nnx.Param)


def dwell_loss(model: DwellTimeModel, batch):
    moves, dwell = batch
    return jnp.mean((model(moves) - dwell) ** 2)


class CraneTrainer:
    def __init__(self, features: int = 4, learning_rate: float = 1e-2):
        self.workspace = Workspace(features, learning_rate)

    def train_epoch(self, state: TrainerState, batches) -> TrainerState:
        graphdef, train_state = nnx.split((self.workspace.model, self.workspace.optimizer))

        def train_batch(train_state, batch):
            model, optimizer = nnx.merge(graphdef, train_state)
            loss, grads = nnx.value_and_grad(dwell_loss)(model, batch)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        train_state, losses = lax.scan(train_batch, train_state, batches)
        nnx.update((self.workspace.model, self.workspace.optimizer), train_state)
        return dataclasses.replace(state, epoch=state.epoch + 1, losses=losses)


def yard_batches(key, n_batches=3, batch=5, features=4):
    k1, k2 = jax.random.split(key)
    moves = jax.random.uniform(k1, (n_batches, batch, features))
    dwell = moves.sum(-1) + 0.1 * jax.random.normal(k2, (n_batches, batch))
    return moves, dwell


def main():
    trainer = CraneTrainer()
    state = TrainerState()
    batches = yard_batches(jax.random.key(17))
    for _ in range(2):
        state = trainer.train_epoch(state, batches)
    jax.block_until_ready(state.losses)
    return None
