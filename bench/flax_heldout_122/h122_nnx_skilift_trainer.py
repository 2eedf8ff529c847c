# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 4 the model and nnx.Optimizer reach the scan body through LiftQueueTrainer.state (a TrainState dataclass) and the trainer's _apply_grads helper
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

    def _apply_grads(self, grads):
        self.state.optimizer.update(self.state.model, grads)

    def fit(self, xs, ys):
        def body(total, batch):
            loss, grads = nnx.value_and_grad(self._loss)(self.state.model, batch)
            self._apply_grads(grads)
            return total + loss, loss

        total, losses = jax.lax.scan(body, jnp.zeros(()), (xs, ys))
        return total / xs.shape[0]


def main():
    xs = jax.random.normal(jax.random.key(0), (16, 32, 6))  # batches x readings x features
    ys = xs.sum(-1) * 0.5
    model = QueueForecaster(6, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    trainer = LiftQueueTrainer(TrainState(model, optimizer))
    jax.block_until_ready(trainer.fit(xs, ys))
    return None
