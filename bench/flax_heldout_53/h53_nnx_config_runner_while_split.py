# label: ok
# flax-error: none
# class: 5 an experiment runner built from a nested config splits (model, optimizer), carries the state through a raw while_loop, merges in the body, nnx.update()s after
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def cond(carry):
            step, loss, _ = carry
            return (loss > self.cfg.stop.tol) & (step < self.cfg.stop.max_steps)

        def body(carry):
            step, _, state = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model)
            optimizer.update(model, grads)
            return step + 1, loss, nnx.state((model, optimizer))

        step, loss, state = jax.lax.while_loop(cond, body, (0, jnp.inf, state))
        nnx.update((self.model, self.optimizer), state)
        return step, loss


def main():
    Runner(Config()).fit(jnp.ones((8, 2)), jnp.zeros((8, 1)))
    return None
