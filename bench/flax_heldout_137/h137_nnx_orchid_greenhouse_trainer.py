# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 GreenhouseTrainer keeps the model and an nnx.Optimizer as attributes; the jax.lax.scan body takes nnx.value_and_grad of self.model and calls self.optimizer.update on them
"""Orchid nursery: fit a nutrient-dosing regressor for greenhouse benches, one epoch per scan."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class DosingRegressor(nnx.Module):
    def __init__(self, n_inputs, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_inputs, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))[..., 0]


@dataclass(frozen=True)
class TrainConfig:
    learning_rate: float = 3e-3
    batches: int = 6


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class GreenhouseTrainer:
    def __init__(self, model, config: TrainConfig):
        self.config = config
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(config.learning_rate), wrt=nnx.Param)

    def _train_step(self, x, y):
        loss, grads = nnx.value_and_grad(mse)(self.model, x, y)
        self.optimizer.update(self.model, grads)
        return loss

    def epoch(self, xs, ys):
        def body(total, batch):
            loss = self._train_step(*batch)
            return total + loss, loss

        total, losses = jax.lax.scan(body, jnp.zeros(()), (xs, ys))
        return total / xs.shape[0], losses


def main():
    cfg = TrainConfig()
    xs = jax.random.normal(jax.random.key(0), (cfg.batches, 16, 5))
    ys = xs @ jnp.arange(5.0) * 0.1
    trainer = GreenhouseTrainer(DosingRegressor(5, nnx.Rngs(0)), cfg)
    mean_loss, _ = trainer.epoch(xs, ys)
    mean_loss.block_until_ready()
    return None
