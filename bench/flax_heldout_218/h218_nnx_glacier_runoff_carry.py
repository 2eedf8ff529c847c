# label: ok
# flax-error: none
# class: 4 RunoffTrainer -> self.state.model / self.state.optimizer (an nnx.Optimizer in a TrainState holder); both are nnx.split before the scan, their state travels in the carry and is merged in the body, then nnx.update writes it back
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
        graphdef, train_state = nnx.split((self.state.model, self.state.optimizer))

        def train_step(train_state, batch):
            x, y = batch
            model, optimizer = nnx.merge(graphdef, train_state)
            loss, grads = nnx.value_and_grad(mse)(model, x, y)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        train_state, losses = jax.lax.scan(train_step, train_state, (xs, ys))
        nnx.update((self.state.model, self.state.optimizer), train_state)
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
