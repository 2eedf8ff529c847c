# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 RunoffTrainer -> self.state.model / self.state.optimizer (an nnx.Optimizer in a TrainState holder); the scan body takes nnx.value_and_grad of the outer model and updates the outer optimizer
"""Glacier runoff: fit a small runoff regressor on seasonal melt batches, one scan step per batch."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class RunoffConfig:
    features: int = 5
    hidden: int = 16
    learning_rate: float = 1e-2
    batches: int = 4
    batch_size: int = 8


class RunoffNet(nnx.Module):
    def __init__(self, cfg: RunoffConfig, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(cfg.features, cfg.hidden, rngs=rngs)
        self.head = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.encoder(x)))


@dataclasses.dataclass
class TrainState:
    model: RunoffNet
    optimizer: nnx.Optimizer


def mse(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class RunoffTrainer:
    def __init__(self, cfg: RunoffConfig, state: TrainState):
        self.cfg = cfg
        self.state = state

    def fit(self, xs, ys):
        def train_step(carry, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(mse)(self.state.model, x, y)
            self.state.optimizer.update(self.state.model, grads)
            return carry, loss

        _, losses = jax.lax.scan(train_step, None, (xs, ys))
        return losses


def main():
    cfg = RunoffConfig()
    model = RunoffNet(cfg, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(cfg.learning_rate), wrt=nnx.Param)
    trainer = RunoffTrainer(cfg, TrainState(model, optimizer))
    key_x, key_y = jax.random.split(jax.random.PRNGKey(1))
    xs = jax.random.normal(key_x, (cfg.batches, cfg.batch_size, cfg.features))
    ys = jax.random.normal(key_y, (cfg.batches, cfg.batch_size, 1))
    trainer.fit(xs, ys)
    return None
