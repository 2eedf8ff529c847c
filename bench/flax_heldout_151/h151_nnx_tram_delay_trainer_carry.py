# label: ok
# flax-error: none
# class: 4 the scan body calls trainer._train_step on the model and nnx.Optimizer merged from the state carried by the scan; nnx.update writes it back after
"""Tram network delay regressor, nightly fine-tuning.

The trainer fine-tunes the delay model on the day's stop-level batches. To
keep the epoch in one compiled loop, the batches are stacked and consumed by
a scan over the trainer's step method.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclass(frozen=True)
class TrainConfig:
    features: int = 6
    hidden: int = 10
    learning_rate: float = 1e-2
    weight_decay: float = 1e-4


class DelayRegressor(nnx.Module):
    def __init__(self, config: TrainConfig, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(config.features, config.hidden, rngs=rngs)
        self.out = nnx.Linear(config.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


def delay_loss(model, x, y):
    return jnp.mean(optax.huber_loss(model(x), y))


class Trainer:
    def __init__(self, model: DelayRegressor, config: TrainConfig):
        self.model = model
        self.optimizer = nnx.Optimizer(
            model, optax.adamw(config.learning_rate, weight_decay=config.weight_decay), wrt=nnx.Param)

    @staticmethod
    def _train_step(model, optimizer, x, y):
        loss, grads = nnx.value_and_grad(delay_loss)(model, x, y)
        optimizer.update(model, grads)
        return loss

    def fit_epoch(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            model, optimizer = nnx.merge(graphdef, state)
            loss = self._train_step(model, optimizer, *batch)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    config = TrainConfig()
    trainer = Trainer(DelayRegressor(config, nnx.Rngs(0)), config)
    xs = jax.random.normal(jax.random.key(1), (4, 8, config.features))
    ys = jnp.sum(xs, axis=-1)
    trainer.fit_epoch(xs, ys)
    return None
