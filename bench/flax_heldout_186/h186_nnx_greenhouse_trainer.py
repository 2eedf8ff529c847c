# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 32 (128 B)
# class: 3 the climate model and its nnx.Optimizer are attributes of the trainer; the scan body calls nnx.value_and_grad on self.model and self.optimizer.update directly
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
        def body(carry, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(self._loss)(self.model, x, y)
            self.optimizer.update(self.model, grads)
            return carry, loss

        _, losses = jax.lax.scan(body, None, (xs, ys))
        return losses


def main():
    xs = jax.random.normal(jax.random.key(0), (8, 24, 6))
    ys = jnp.stack([xs[..., 0] * 0.5 + xs[..., 3], xs[..., 1] - 0.2 * xs[..., 2]], axis=-1)
    trainer = ClimateTrainer(ClimateModel(6, nnx.Rngs(0)), RetrainConfig())
    trainer.retrain(xs, ys).block_until_ready()
    return None
