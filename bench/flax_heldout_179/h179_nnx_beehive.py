# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 the scan body of the trainer passes self.parts.model and self.parts.optimizer (nnx.Optimizer) to nnx.value_and_grad and optimizer.update
"""Beehive health: trains a colony-weight regressor on hive scale telemetry."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class ColonyRegressor(nnx.Module):
    def __init__(self, n_sensors: int, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(n_sensors, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.gelu(self.encoder(x))).squeeze(-1)


@dataclass
class TrainParts:
    model: ColonyRegressor
    optimizer: nnx.Optimizer


def mse(model, batch):
    x, y = batch
    return jnp.mean((model(x) - y) ** 2)


class HiveTrainer:
    def __init__(self, parts: TrainParts):
        self.parts = parts

    def fit_epoch(self, xs, ys):
        def train_step(total, batch):
            loss, grads = nnx.value_and_grad(mse)(self.parts.model, batch)
            self.parts.optimizer.update(self.parts.model, grads)
            return total + loss, loss

        total, losses = jax.lax.scan(train_step, jnp.array(0.0), (xs, ys))
        return total / xs.shape[0]


def main():
    model = ColonyRegressor(6, nnx.Rngs(0))
    parts = TrainParts(model, nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param))
    xs = jax.random.normal(jax.random.key(1), (5, 8, 6))
    ys = xs.sum(-1) * 0.3
    HiveTrainer(parts).fit_epoch(xs, ys).block_until_ready()
    return None


if __name__ == "__main__":
    main()
