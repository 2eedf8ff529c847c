# label: ok
# flax-error: none
# class: 4 the trainer's fit splits self.model and self.optimizer into the scan carry; the body merges them, updates, and returns their state
"""Tug requirement model of the pilot station: predicts the bollard pull needed to berth a
vessel from its particulars and the conditions, refitted on the pilots' logs of the week."""

from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax import lax


@dataclass(frozen=True)
class TugConfig:
    particulars: int = 5
    hidden: int = 8
    learning_rate: float = 0.05
    batches: int = 4
    batch_size: int = 6
    seed: int = 23


class TugModel(nnx.Module):
    def __init__(self, cfg: TugConfig, rngs: nnx.Rngs):
        self.body = nnx.Linear(cfg.particulars, cfg.hidden, rngs=rngs)
        self.pull = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, vessels):
        return nnx.softplus(self.pull(nnx.silu(self.body(vessels))))[..., 0]


def pull_error(model, batch):
    vessels, logged_pull = batch
    return jnp.mean((model(vessels) - logged_pull) ** 2)


class TugTrainer:
    def __init__(self, cfg: TugConfig):
        self.cfg = cfg
        self.model = TugModel(cfg, nnx.Rngs(cfg.seed))
        self.optimizer = nnx.Optimizer(self.model, optax.sgd(cfg.learning_rate), wrt=nnx.Param)
        self.graphdef, _, self.rest = nnx.split(self.model, nnx.Param, ...)

    def param_loss(self, params, batch):
        return pull_error(nnx.merge(self.graphdef, params, self.rest), batch)

    def fit(self, batches):
        train_graphdef, train_state = nnx.split((self.model, self.optimizer))

        def train_step(state, batch):
            model, optimizer = nnx.merge(train_graphdef, state)
            params = nnx.state(model, nnx.Param)
            loss, grads = jax.value_and_grad(self.param_loss)(params, batch)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        train_state, losses = lax.scan(train_step, train_state, batches)
        nnx.update((self.model, self.optimizer), train_state)
        return losses


class WeeklyEvaluator:
    def __init__(self, trainer: TugTrainer):
        self.trainer = trainer

    def holdout_error(self, batch):
        return pull_error(self.trainer.model, batch)


def pilot_logs(cfg: TugConfig):
    k1, k2 = jax.random.split(jax.random.key(cfg.seed + 1))
    vessels = jax.random.normal(k1, (cfg.batches, cfg.batch_size, cfg.particulars))
    pull = 30.0 + 5.0 * jax.random.uniform(k2, (cfg.batches, cfg.batch_size))
    return vessels, pull / 40.0


def main():
    cfg = TugConfig()
    trainer = TugTrainer(cfg)
    logs = pilot_logs(cfg)
    losses = trainer.fit(logs)
    error = WeeklyEvaluator(trainer).holdout_error((logs[0][0], logs[1][0]))
    jax.block_until_ready((losses, error))
    return None
