# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 RadarTrainer.train_step reads and rewrites self.state.batch_stats (trainer -> TrainState -> batch_stats) from the scan body
"""Nowcasting trainer: fit a small precipitation regressor on a handful of radar batches."""
from __future__ import annotations

import abc
import dataclasses
from typing import Any

import jax
import jax.numpy as jnp
import flax.linen as linen
import optax
from jax.lax import scan


class PrecipRegressor(linen.Module):
    hidden: int = 8

    @linen.compact
    def __call__(self, x, train: bool):
        h = linen.Dense(self.hidden)(x)
        h = linen.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return linen.Dense(1)(linen.relu(h)).squeeze(-1)


@dataclasses.dataclass
class TrainState:
    params: Any
    batch_stats: Any
    opt_state: Any

    @property
    def variables(self):
        return {"params": self.params, "batch_stats": self.batch_stats}


class BaseTrainer(abc.ABC):
    """Template: subclasses say what one step is, the base class owns the epoch."""

    def __init__(self, model: linen.Module, tx: optax.GradientTransformation):
        self.model = model
        self.tx = tx
        self.state: TrainState | None = None

    def fit(self, inputs, targets):
        if self.state is None:
            self.state = self.create_state(inputs[0])
        self.run_epoch(inputs, targets)
        return self.validate(inputs[-1], targets[-1])

    @abc.abstractmethod
    def create_state(self, sample) -> TrainState: ...

    @abc.abstractmethod
    def train_step(self, carry, batch): ...

    @abc.abstractmethod
    def run_epoch(self, inputs, targets): ...

    def validate(self, x, y):
        pred = self.model.apply(self.state.variables, x, train=False)
        return jnp.mean(jnp.abs(pred - y))


class RadarTrainer(BaseTrainer):
    def create_state(self, sample):
        variables = self.model.init(jax.random.key(0), sample, train=False)
        return TrainState(variables["params"], variables["batch_stats"], self.tx.init(variables["params"]))

    def train_step(self, carry, batch):
        params, opt_state = carry
        x, y = batch

        def loss_fn(p):
            pred, mutated = self.model.apply(
                {"params": p, "batch_stats": self.state.batch_stats}, x, train=True, mutable=["batch_stats"]
            )
            return jnp.mean((pred - y) ** 2), mutated

        (loss, mutated), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        self.state.batch_stats = mutated["batch_stats"]
        updates, opt_state = self.tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), opt_state), loss

    def run_epoch(self, inputs, targets):
        (params, opt_state), losses = scan(
            self.train_step, (self.state.params, self.state.opt_state), (inputs, targets)
        )
        self.state.params, self.state.opt_state = params, opt_state
        return losses


def main():
    k_x, k_y = jax.random.split(jax.random.key(1))
    radar = jax.random.uniform(k_x, (4, 6, 5))
    rain = jax.random.uniform(k_y, (4, 6))
    trainer = RadarTrainer(PrecipRegressor(), optax.sgd(0.05))
    mae = trainer.fit(radar, rain)
    jax.block_until_ready(mae)
    return None
