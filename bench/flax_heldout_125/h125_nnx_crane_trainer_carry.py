# label: ok
# flax-error: none
# class: 4 the model Params and optimizer state, reached through CraneOpsPipeline -> DemandTrainer, are split with nnx.split, travel in the scan carry, are merged in the body and written back with nnx.update
"""Seaport crane allocation: a demand model predicts how many crane moves each berth needs,
retrained every night on the day's batches by a pipeline that owns a trainer.
"""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class CraneDemandNet(nnx.Module):
    def __init__(self, n_features, n_berths, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(n_features, 16, rngs=rngs)
        self.out = nnx.Linear(16, n_berths, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.hidden(x)))


class DemandTrainer:
    def __init__(self, model, learning_rate):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adam(learning_rate), wrt=nnx.Param)

    def fit_epoch(self, batches_x, batches_y):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def loss_fn(model, x, y):
            return jnp.mean((model(x) - y) ** 2)

        def train_step(state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, losses = jax.lax.scan(train_step, state, (batches_x, batches_y))
        nnx.update((self.model, self.optimizer), state)
        return losses.sum(), losses


@dataclass(frozen=True)
class PipelineConfig:
    n_features: int = 5
    n_berths: int = 3
    learning_rate: float = 1e-2


class CraneOpsPipeline:
    def __init__(self, config):
        model = CraneDemandNet(config.n_features, config.n_berths, nnx.Rngs(0))
        self.trainer = DemandTrainer(model, config.learning_rate)

    def nightly(self, batches_x, batches_y):
        total, losses = self.trainer.fit_epoch(batches_x, batches_y)
        return losses


def main():
    config = PipelineConfig()
    xs = jax.random.normal(jax.random.key(1), (5, 8, config.n_features))
    ys = jax.random.uniform(jax.random.key(2), (5, 8, config.n_berths))
    CraneOpsPipeline(config).nightly(xs, ys).block_until_ready()
    return None
