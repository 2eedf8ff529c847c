# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 24 (96 B)
# class: 3 the model and nnx.Optimizer reach the scan body through Trainer.state (a TrainBundle) built by TrainerFactory
"""NNX trainer assembled by a factory from a config dataclass. The Trainer keeps a bundle of
model, nnx.Optimizer and metrics and runs an epoch as one lax.scan over stacked minibatches."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


@dataclasses.dataclass
class TrainConfig:
    in_dim: int = 6
    hidden: int = 24
    lr: float = 1e-2
    seed: int = 0


class Regressor(nnx.Module):
    def __init__(self, cfg: TrainConfig, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(cfg.in_dim, cfg.hidden, rngs=rngs)
        self.l2 = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.relu(self.l1(x)))[..., 0]


@dataclasses.dataclass
class TrainBundle:
    model: Regressor
    optimizer: nnx.Optimizer


def loss_fn(model, x, y):
    return jnp.mean((model(x) - y) ** 2)


class Trainer:
    def __init__(self, state: TrainBundle):
        self.state = state

    def train_epoch(self, xs, ys):
        def step(carry, batch):
            x, y = batch
            loss, grads = nnx.value_and_grad(loss_fn)(self.state.model, x, y)
            self.state.optimizer.update(self.state.model, grads)
            return carry + loss, loss

        total, losses = lax.scan(step, 0.0, (xs, ys))
        return total / xs.shape[0]


class TrainerFactory:
    def __init__(self, cfg: TrainConfig):
        self.cfg = cfg

    def build(self) -> Trainer:
        model = Regressor(self.cfg, nnx.Rngs(self.cfg.seed))
        optimizer = nnx.Optimizer(model, optax.adamw(self.cfg.lr), wrt=nnx.Param)
        return Trainer(TrainBundle(model, optimizer))


def main():
    xs = jax.random.normal(jax.random.key(0), (5, 8, 6))
    ys = xs.sum(-1)
    trainer = TrainerFactory(TrainConfig()).build()
    trainer.train_epoch(xs, ys)
    return None
