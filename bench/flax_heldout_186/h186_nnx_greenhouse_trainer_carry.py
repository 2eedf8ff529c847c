# label: ok
# flax-error: none
# class: 3 the climate model and its nnx.Optimizer are attributes of the trainer; they are nnx.split before the scan, merged inside the body and their state travels in the carry, nnx.update afterwards
"""Greenhouse climate control: a regressor predicts next-hour humidity and temperature from
sensor readings and actuator settings; the controller retrains it on the last day of logs."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class ClimateModel(nnx.Module):
    def __init__(self, n_inputs: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_inputs, 32, rngs=rngs)
        self.head = nnx.Linear(32, 2, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.encoder(x)))


@dataclass(frozen=True)
class RetrainConfig:
    learning_rate: float = 3e-3
    weight_decay: float = 1e-4


class ClimateTrainer:
    def __init__(self, model: ClimateModel, config: RetrainConfig):
        self.model = model
        self.optimizer = nnx.Optimizer(
            model, optax.adamw(config.learning_rate, weight_decay=config.weight_decay), wrt=nnx.Param)

    @staticmethod
    def _loss(model, x, y):
        return jnp.mean((model(x) - y) ** 2)

    def retrain(self, xs, ys):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(self._loss)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(body, state, (xs, ys))
        nnx.update((self.model, self.optimizer), state)
        return losses


def main():
    xs = jax.random.normal(jax.random.key(0), (8, 24, 6))
    ys = jnp.stack([xs[..., 0] * 0.5 + xs[..., 3], xs[..., 1] - 0.2 * xs[..., 2]], axis=-1)
    trainer = ClimateTrainer(ClimateModel(6, nnx.Rngs(0)), RetrainConfig())
    trainer.retrain(xs, ys).block_until_ready()
    return None
