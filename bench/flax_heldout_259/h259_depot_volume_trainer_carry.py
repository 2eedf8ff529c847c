# label: ok
# flax-error: none
# class: 5 functools.partial binds the model and optimizer into the fori_loop body; batch_stats travel in the OptimState carry and come back out of the loop with the params
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
    batch_stats: Any
    opt_state: Any


@dataclass
class DepotBatch:
    history: jax.Array  # (depots, days)
    target: jax.Array   # (depots,)


def _train_iteration(model, tx, batch: DepotBatch, step, state: OptimState) -> OptimState:
    def loss_fn(params):
        pred, mutated = model.apply(
            {"params": params, "batch_stats": state.batch_stats},
            batch.history,
            train=True,
            mutable=["batch_stats"],
        )
        return optax.huber_loss(pred, batch.target).mean(), mutated["batch_stats"]

    grads, batch_stats = jax.grad(loss_fn, has_aux=True)(state.params)
    updates, opt_state = tx.update(grads, state.opt_state, state.params)
    return OptimState(optax.apply_updates(state.params, updates), batch_stats, opt_state)


class ForecastTrainer:
    def __init__(self, model: ln.Module, tx: optax.GradientTransformation, iterations: int = 5):
        self.model = model
        self.tx = tx
        self.iterations = iterations

    def fit(self, variables, batch: DepotBatch):
        state = OptimState(variables["params"], variables["batch_stats"], self.tx.init(variables["params"]))
        body = functools.partial(_train_iteration, self.model, self.tx, batch)
        state = jax.lax.fori_loop(0, self.iterations, body, state)
        return {"params": state.params, "batch_stats": state.batch_stats}


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
