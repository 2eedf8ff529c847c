# label: ok
# flax-error: none
# class: 3 the model and nnx.Optimizer in Trainer.state are nnx.split before the scan, carried as state, merged in the body and nnx.update'd after
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
        graphdef, state = nnx.split((self.state.model, self.state.optimizer))

        def step(carry, batch):
            total, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            x, y = batch
            loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
            optimizer.update(model, grads)
            return (total + loss, nnx.state((model, optimizer))), loss

        (total, state), losses = lax.scan(step, (0.0, state), (xs, ys))
        nnx.update((self.state.model, self.state.optimizer), state)
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
