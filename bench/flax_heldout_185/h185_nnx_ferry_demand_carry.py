# label: ok
# flax-error: none
# class: 4 the Trainer splits (self.model, self.optimizer) before the fori_loop; the body merges the carried state, calls self._train_step on the merged pair and returns nnx.state of it in the carry
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

    @staticmethod
    def _train_step(model, optimizer, features, riders):
        loss, grads = nnx.value_and_grad(poisson_loss)(model, features, riders)
        optimizer.update(model, grads)
        return loss

    def fit(self, features, riders):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def body(epoch, carry):
            state, _ = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss = self._train_step(model, optimizer, features, riders)
            return nnx.state((model, optimizer)), loss

        state, loss = jax.lax.fori_loop(0, self.config.epochs, body, (state, jnp.zeros(())))
        nnx.update((self.model, self.optimizer), state)
        return loss


def main():
    features = jax.random.uniform(jax.random.key(1), (32, FEATURES))
    riders = jnp.round(40.0 * features[:, 1] + 5.0)
    trainer = Trainer(DemandForecaster(rngs=nnx.Rngs(0)), TrainConfig())
    float(trainer.fit(features, riders))
    return None
