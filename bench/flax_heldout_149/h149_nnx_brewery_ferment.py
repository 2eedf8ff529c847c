# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 16 (64 B)
# class: 4 FermentTrainer.train_epoch's scan body reaches self.state.model and self.state.optimizer (an nnx.Optimizer) through the TrainState and runs nnx.value_and_grad on them
"""Brewery fermentation control: a small network predicts the gravity drop of a fermenter from
temperature, pitch rate and time; the trainer fits it on logged batches, one epoch per scan."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx


@dataclass(frozen=True)
class TrainConfig:
    features: int = 3
    hidden: int = 16
    learning_rate: float = 1e-2


class GravityModel(nnx.Module):
    def __init__(self, cfg, rngs):
        self.inp = nnx.Linear(cfg.features, cfg.hidden, rngs=rngs)
        self.out = nnx.Linear(cfg.hidden, 1, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.gelu(self.inp(x)))[..., 0]


class TrainState:
    def __init__(self, cfg, rngs):
        self.model = GravityModel(cfg, rngs)
        self.optimizer = nnx.Optimizer(self.model, optax.adam(cfg.learning_rate), wrt=nnx.Param)


class FermentTrainer:
    def __init__(self, state):
        self.state = state

    @staticmethod
    def _loss(model, batch):
        features, gravity_drop = batch
        return jnp.mean((model(features) - gravity_drop) ** 2)

    def train_epoch(self, batches):
        def body(total, batch):
            loss, grads = nnx.value_and_grad(self._loss)(self.state.model, batch)
            self.state.optimizer.update(self.state.model, grads)
            return total + loss, loss

        total, losses = jax.lax.scan(body, jnp.zeros(()), batches)
        return total / losses.shape[0]


def main():
    cfg = TrainConfig()
    features = jax.random.normal(jax.random.key(0), (5, 8, cfg.features))
    gravity_drop = features.sum(-1) * 0.01
    trainer = FermentTrainer(TrainState(cfg, nnx.Rngs(0)))
    trainer.train_epoch((features, gravity_drop))
    return None
