# label: ok
# flax-error: none
# class: 5 a step function built lazily on first use and cached on the trainer takes and returns the variables (params and batch_stats) through the scan carry
"""Ride-hailing ETA regressor: trip features -> minutes, trained with a lazily compiled step."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class EtaRegressor(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(self.hidden)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.Dense(1)(nn.relu(x))[..., 0]


class Trainer:
    def __init__(self, model: nn.Module, variables, lr: float = 1e-2):
        self.model = model
        self.variables = variables
        self.lr = lr
        self._step_fn = None

    @property
    def step_fn(self):
        if self._step_fn is None:
            self._step_fn = self._build_step()
        return self._step_fn

    def _build_step(self):
        apply = functools.partial(self.model.apply, train=True, mutable=["batch_stats"])

        def loss_fn(params, stats, batch):
            pred, updates = apply({"params": params, "batch_stats": stats}, batch["x"])
            return jnp.mean((pred - batch["y"]) ** 2), updates["batch_stats"]

        def step(variables, batch):
            params, stats = variables["params"], variables["batch_stats"]
            (loss, stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, stats, batch)
            params = jax.tree.map(lambda p, g: p - self.lr * g, params, grads)
            return {"params": params, "batch_stats": stats}, loss

        return step

    def train_epoch(self, batches):
        self.variables, losses = scan(self.step_fn, self.variables, batches)
        return losses

    def predict(self, x):
        return self.model.apply(self.variables, x, train=False)


def main():
    model = EtaRegressor()
    key_x, key_y = jax.random.split(jax.random.key(0))
    batches = {"x": jax.random.normal(key_x, (5, 8, 4)), "y": jax.random.uniform(key_y, (5, 8)) * 30}
    trainer = Trainer(model, model.init(jax.random.key(1), batches["x"][0]))
    trainer.train_epoch(batches)
    trainer.predict(batches["x"][0])
    return None
