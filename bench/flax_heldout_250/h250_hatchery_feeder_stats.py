# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 FeedingTrainer._step, the lax.scan body, reassigns the trainer attribute self.batch_stats from apply(..., mutable=["batch_stats"])
"""Feed-ration regressor for the fish hatchery tanks, trained on sensor batches."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


@dataclass(frozen=True)
class FeedingConfig:
    sensors: int = 5
    width: int = 16
    batch: int = 8
    steps: int = 4
    learning_rate: float = 0.05


class RationNet(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.width)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        x = nn.relu(x)
        return nn.Dense(1)(x).squeeze(-1)


class FeedingTrainer:
    def __init__(self, model: RationNet, tx, variables):
        self.model = model
        self.tx = tx
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.opt_state = tx.init(self.params)

    def _loss(self, params, x, y):
        pred, mutated = self.model.apply(
            {"params": params, "batch_stats": self.batch_stats}, x, train=True, mutable=["batch_stats"]
        )
        return jnp.mean((pred - y) ** 2), mutated

    def _step(self, carry, batch):
        params, opt_state = carry
        x, y = batch
        (loss, mutated), grads = jax.value_and_grad(self._loss, has_aux=True)(params, x, y)
        updates, opt_state = self.tx.update(grads, opt_state, params)
        params = optax.apply_updates(params, updates)
        self.batch_stats = mutated["batch_stats"]
        return (params, opt_state), loss

    def fit(self, xs, ys):
        (self.params, self.opt_state), losses = lax.scan(self._step, (self.params, self.opt_state), (xs, ys))
        return losses

    def predict(self, x):
        return self.model.apply({"params": self.params, "batch_stats": self.batch_stats}, x, train=False)


def tank_batches(config: FeedingConfig, key):
    kx, kn = jax.random.split(key)
    xs = jax.random.uniform(kx, (config.steps, config.batch, config.sensors))
    ys = xs.sum(-1) * 0.3 + 0.05 * jax.random.normal(kn, (config.steps, config.batch))
    return xs, ys


def main():
    config = FeedingConfig()
    xs, ys = tank_batches(config, jax.random.key(0))
    model = RationNet(config.width)
    variables = model.init(jax.random.key(1), xs[0], train=False)
    trainer = FeedingTrainer(model, optax.sgd(config.learning_rate), variables)
    losses = trainer.fit(xs, ys)
    rations = trainer.predict(xs[-1])
    jax.block_until_ready((losses, rations))
    return None
