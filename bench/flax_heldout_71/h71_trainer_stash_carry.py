# label: ok
# flax-error: none
# class: 4 Trainer.fit scans over batches with the TrainState in the carry and assigns self.state only after the scan
"""Minimal Trainer class in the style of many research codebases (state carried through the scan)."""
from typing import Any, Callable

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training import train_state


class MLP(nn.Module):
    hidden: int = 32

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(self.hidden)(x))
        return nn.Dense(1)(x)


def mse_loss(apply_fn: Callable, params: Any, batch):
    pred = apply_fn({"params": params}, batch["x"])
    return jnp.mean((pred - batch["y"]) ** 2)


class Trainer:
    def __init__(self, model, tx, sample):
        params = model.init(jax.random.PRNGKey(0), sample)["params"]
        self.state = train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)

    @staticmethod
    def _train_step(state, batch):
        loss, grads = jax.value_and_grad(mse_loss, argnums=1)(state.apply_fn, state.params, batch)
        return state.apply_gradients(grads=grads), loss

    def fit(self, batches):
        self.state, losses = jax.lax.scan(self._train_step, self.state, batches)
        return losses

    def evaluate(self, batch):
        return mse_loss(self.state.apply_fn, self.state.params, batch)


def main():
    key = jax.random.PRNGKey(42)
    xs = jax.random.normal(key, (6, 16, 4))
    batches = {"x": xs, "y": xs.sum(-1, keepdims=True)}
    trainer = Trainer(MLP(), optax.adam(1e-2), xs[0])
    trainer.fit(batches)
    print("eval loss", trainer.evaluate({"x": xs[0], "y": batches["y"][0]}))
    return None
