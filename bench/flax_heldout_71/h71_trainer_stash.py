# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,32] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 Trainer.fit scans over batches and the body writes the new TrainState back onto self.state (and self.state.apply_fn wraps model.apply)
"""Minimal Trainer class in the style of many research codebases."""
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

    def _train_step(self, _, batch):
        loss, grads = jax.value_and_grad(mse_loss, argnums=1)(self.state.apply_fn, self.state.params, batch)
        self.state = self.state.apply_gradients(grads=grads)
        return None, loss

    def fit(self, batches):
        _, losses = jax.lax.scan(self._train_step, None, batches)
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
