# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 the scan body of EpochTrainer.run_epoch computes gradients functionally and calls self.optimizer.update(self.model, grads) on the trainer's optimizer and model
"""Link-speed regression from probe-vehicle features: one epoch over a handful of batches."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclass(frozen=True)
class TrainConfig:
    learning_rate: float = 1e-2
    batches: int = 4
    batch_size: int = 8
    features: int = 3


class SpeedDataModule:
    def __init__(self, cfg: TrainConfig):
        self.cfg = cfg

    def epoch(self):
        n = self.cfg.batches * self.cfg.batch_size
        x = jnp.cos(jnp.arange(n * self.cfg.features, dtype=jnp.float32)).reshape(
            self.cfg.batches, self.cfg.batch_size, self.cfg.features
        )
        y = x.sum(-1, keepdims=True) * 0.5 + 1.0
        return x, y


class SpeedRegressor(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 8, rngs=rngs)
        self.out = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.hidden(x)))


class EpochTrainer:
    def __init__(self, model: SpeedRegressor, cfg: TrainConfig):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(cfg.learning_rate), wrt=nnx.Param)

    def run_epoch(self, xs, ys):
        graphdef, params, rest = nnx.split(self.model, nnx.Param, ...)

        def loss_fn(p, x, y):
            prediction = nnx.merge(graphdef, p, rest)(x)
            return jnp.mean((prediction - y) ** 2)

        def step(total, batch):
            x, y = batch
            loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
            self.optimizer.update(self.model, grads)
            return total + loss, loss

        _, losses = jax.lax.scan(step, jnp.zeros(()), (xs, ys))
        return losses


def main():
    cfg = TrainConfig()
    xs, ys = SpeedDataModule(cfg).epoch()
    trainer = EpochTrainer(SpeedRegressor(cfg.features, nnx.Rngs(0)), cfg)
    losses = trainer.run_epoch(xs, ys)
    jax.block_until_ready(losses)
