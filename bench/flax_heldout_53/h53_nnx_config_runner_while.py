# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 8 (32 B)
# class: 5 an experiment runner built from a nested config trains until the loss is small in a raw while_loop whose body calls nnx.grad on runner.model and runner.optimizer.update
"""Experiment runner: model, optimizer and stopping rule come from a nested config."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx


@dataclasses.dataclass
class OptimConfig:
    lr: float = 0.05
    name: str = "sgd"


@dataclasses.dataclass
class StopConfig:
    tol: float = 1e-2
    max_steps: int = 10


@dataclasses.dataclass
class Config:
    width: int = 8
    optim: OptimConfig = dataclasses.field(default_factory=OptimConfig)
    stop: StopConfig = dataclasses.field(default_factory=StopConfig)


class Model(nnx.Module):
    def __init__(self, width, rngs):
        self.l1 = nnx.Linear(2, width, rngs=rngs)
        self.l2 = nnx.Linear(width, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(nnx.tanh(self.l1(x)))


def build_optimizer(model, cfg: OptimConfig):
    tx = {"sgd": optax.sgd, "adam": optax.adam}[cfg.name](cfg.lr)
    return nnx.Optimizer(model, tx, wrt=nnx.Param)


class Runner:
    def __init__(self, cfg: Config):
        self.cfg = cfg
        self.model = Model(cfg.width, nnx.Rngs(0))
        self.optimizer = build_optimizer(self.model, cfg.optim)

    def fit(self, x, y):
        loss_fn = lambda m: jnp.mean((m(x) - y) ** 2)

        def cond(carry):
            step, loss = carry
            return (loss > self.cfg.stop.tol) & (step < self.cfg.stop.max_steps)

        def body(carry):
            step, _ = carry
            loss, grads = nnx.value_and_grad(loss_fn)(self.model)
            self.optimizer.update(self.model, grads)
            return step + 1, loss

        return jax.lax.while_loop(cond, body, (0, jnp.inf))


def main():
    Runner(Config()).fit(jnp.ones((8, 2)), jnp.zeros((8, 1)))
    return None
