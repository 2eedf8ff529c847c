# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 24 (96 B)
# class: 4 the Trainer's fori_loop body calls self._train_step, which hands self.model to nnx.value_and_grad and self.optimizer (an nnx.Optimizer over the same model) to update
"""Fitting a passenger-demand forecaster for a ferry timetable planner."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
import optax

FEATURES = 7  # weekday, hour, season, weather, events, ...


class DemandForecaster(nnx.Module):
    def __init__(self, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(FEATURES, 24, rngs=rngs)
        self.out = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(nnx.gelu(self.hidden(x))))[..., 0]


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    learning_rate: float = 3e-3
    epochs: int = 5


def poisson_loss(model, features, riders):
    rate = model(features)
    return jnp.mean(rate - riders * jnp.log(rate + 1e-6))


class Trainer:
    def __init__(self, model: DemandForecaster, config: TrainConfig):
        self.model = model
        self.config = config
        self.optimizer = nnx.Optimizer(model, optax.adam(config.learning_rate), wrt=nnx.Param)

    def _train_step(self, features, riders):
        loss, grads = nnx.value_and_grad(poisson_loss)(self.model, features, riders)
        self.optimizer.update(self.model, grads)
        return loss

    def fit(self, features, riders):
        def body(epoch, last_loss):
            return self._train_step(features, riders)

        return jax.lax.fori_loop(0, self.config.epochs, body, jnp.zeros(()))


def main():
    features = jax.random.uniform(jax.random.key(1), (32, FEATURES))
    riders = jnp.round(40.0 * features[:, 1] + 5.0)
    trainer = Trainer(DemandForecaster(rngs=nnx.Rngs(0)), TrainConfig())
    float(trainer.fit(features, riders))
    return None
