# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 functools.partial binds the model, optimizer and batch_stats into the fori_loop body that runs the depot forecaster's training iterations
"""Daily parcel-volume forecaster for regional depots."""
import functools
from dataclasses import dataclass
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import flax.linen as ln
import optax


class VolumeForecaster(ln.Module):
    width: int = 8

    @ln.compact
    def __call__(self, history, train: bool = False):
        x = ln.Dense(self.width)(history)
        x = ln.BatchNorm(use_running_average=not train, momentum=0.95)(x)
        x = ln.swish(x)
        return ln.Dense(1)(x)[..., 0]


class OptimState(NamedTuple):
    params: Any
    opt_state: Any


@dataclass
class DepotBatch:
    history: jax.Array  # (depots, days)
    target: jax.Array   # (depots,)


def _train_iteration(model, tx, batch_stats, batch: DepotBatch, step, state: OptimState) -> OptimState:
    def loss_fn(params):
        pred = model.apply({"params": params, "batch_stats": batch_stats}, batch.history, train=True)
        return optax.huber_loss(pred, batch.target).mean()

    grads = jax.grad(loss_fn)(state.params)
    updates, opt_state = tx.update(grads, state.opt_state, state.params)
    return OptimState(optax.apply_updates(state.params, updates), opt_state)


class ForecastTrainer:
    def __init__(self, model: ln.Module, tx: optax.GradientTransformation, iterations: int = 5):
        self.model = model
        self.tx = tx
        self.iterations = iterations

    def fit(self, variables, batch: DepotBatch):
        state = OptimState(variables["params"], self.tx.init(variables["params"]))
        body = functools.partial(_train_iteration, self.model, self.tx, variables["batch_stats"], batch)
        state = jax.lax.fori_loop(0, self.iterations, body, state)
        return {"params": state.params, "batch_stats": variables["batch_stats"]}


def main():
    k_hist, k_init = jax.random.split(jax.random.key(19))
    history = jax.random.uniform(k_hist, (6, 7)) * 100.0
    batch = DepotBatch(history=history, target=history.mean(axis=1) * 1.1)

    model = VolumeForecaster()
    variables = model.init(k_init, history)
    trainer = ForecastTrainer(model, optax.sgd(1e-3, momentum=0.9))
    fitted = trainer.fit(variables, batch)
    forecast = model.apply(fitted, history)
    jax.block_until_ready(forecast)
    return None
