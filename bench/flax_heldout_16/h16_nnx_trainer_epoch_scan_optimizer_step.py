# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 3 a Trainer's train_epoch() scan body calls its _train_step method, which runs nnx.value_and_grad on the held model and updates the held nnx.Optimizer
"""Regression MLP trained one epoch at a time by a small Trainer class (NNX + optax)."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    in_dim: int = 4
    hidden: int = 16
    learning_rate: float = 1e-2
    batches_per_epoch: int = 5
    batch_size: int = 8


class MLP(nnx.Module):
    def __init__(self, cfg, *, rngs):
        self.fc1 = nnx.Linear(cfg.in_dim, cfg.hidden, rngs=rngs)
        self.fc2 = nnx.Linear(cfg.hidden, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.fc2(nnx.relu(self.fc1(x))))).squeeze(-1)


def mse_loss(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, cfg, seed=0):
        self.cfg = cfg
        self.model = MLP(cfg, rngs=nnx.Rngs(seed))
        self.optimizer = nnx.Optimizer(self.model, optax.adam(cfg.learning_rate), wrt=nnx.Param)

    def _train_step(self, x, y):
        loss, grads = nnx.value_and_grad(mse_loss)(self.model, x, y)
        self.optimizer.update(self.model, grads)
        return loss

    def train_epoch(self, xs, ys):
        def body(carry, batch):
            x, y = batch
            return carry, self._train_step(x, y)

        _, losses = jax.lax.scan(body, None, (xs, ys))
        return losses.mean()


def synthetic_epoch(key, cfg):
    xs = jax.random.normal(key, (cfg.batches_per_epoch, cfg.batch_size, cfg.in_dim))
    ys = jnp.sin(xs.sum(-1))
    return xs, ys


def main():
    cfg = TrainConfig()
    trainer = Trainer(cfg)
    for epoch in range(2):
        xs, ys = synthetic_epoch(jax.random.key(epoch), cfg)
        trainer.train_epoch(xs, ys)
    return None
