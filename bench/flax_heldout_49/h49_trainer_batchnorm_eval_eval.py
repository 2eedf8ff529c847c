# label: ok
# flax-error: none
# class: 3 an Evaluator reaches state.apply_fn through a TrainState held by the Trainer; the scan body over eval batches calls it with train=False
"""Trainer/Evaluator split: the evaluator scans over stacked eval batches and accumulates
loss, reusing the TrainState the trainer owns."""
from typing import Any

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state
from jax import lax


class BNState(train_state.TrainState):
    batch_stats: Any


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.relu(x))


class Trainer:
    def __init__(self, model, sample, lr=1e-3):
        variables = model.init(jax.random.key(0), sample, train=False)
        self.state = BNState.create(apply_fn=model.apply, params=variables["params"],
                                    batch_stats=variables["batch_stats"], tx=optax.adam(lr))


class Evaluator:
    def __init__(self, trainer, train_mode=False):
        self.trainer = trainer
        self.train_mode = train_mode

    def evaluate(self, xs, ys):
        state = self.trainer.state

        def body(total, batch):
            x, y = batch
            pred = state.apply_fn({"params": state.params, "batch_stats": state.batch_stats}, x,
                                  train=self.train_mode)
            return total + jnp.mean((pred - y) ** 2), None

        total, _ = lax.scan(body, 0.0, (xs, ys))
        return total / xs.shape[0]


def main():
    xs = jax.random.normal(jax.random.key(1), (5, 8, 3))
    ys = jnp.sum(xs, axis=-1, keepdims=True)
    trainer = Trainer(Regressor(), xs[0])
    Evaluator(trainer).evaluate(xs, ys)
    return None
