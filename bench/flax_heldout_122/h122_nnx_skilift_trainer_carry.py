# label: ok
# flax-error: none
# class: 4 the state of the model and nnx.Optimizer held in LiftQueueTrainer.state enters and leaves the scan body in the carry via nnx.split/nnx.merge, and the trainer's _apply_grads helper updates the merged copies
"""Ski resort operations: fit a lift-queue length forecaster online, one batch of turnstile
readings per scan step."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class QueueForecaster(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(features, 32, rngs=rngs)
        self.head = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.encoder(x)))[..., 0]


@dataclasses.dataclass
class TrainState:
    model: QueueForecaster
    optimizer: nnx.Optimizer


class LiftQueueTrainer:
    def __init__(self, state: TrainState):
        self.state = state

    @staticmethod
    def _loss(model, batch):
        x, y = batch
        return jnp.mean((model(x) - y) ** 2)

    @staticmethod
    def _apply_grads(model, optimizer, grads):
        optimizer.update(model, grads)

    def fit(self, xs, ys):
        graphdef, state = nnx.split((self.state.model, self.state.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(self._loss)(model, batch)
            self._apply_grads(model, optimizer, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.state.model, self.state.optimizer), state)
        return losses.mean()


def main():
    xs = jax.random.normal(jax.random.key(0), (16, 32, 6))  # batches x readings x features
    ys = xs.sum(-1) * 0.5
    model = QueueForecaster(6, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    trainer = LiftQueueTrainer(TrainState(model, optimizer))
    jax.block_until_ready(trainer.fit(xs, ys))
    return None
