# label: ok
# flax-error: none
# class: 4 the model and nnx.Optimizer are split and carried; the scan body returns each step's logs (loss, grad norm of the merged model) as ys, and trainer.callbacks receive them after the loop
"""Wildfire spread prediction on gridded fuel/wind features. The trainer follows the usual
callback protocol (on_step / on_train_end) so that logging and alerting are pluggable."""
from dataclasses import dataclass, field
from typing import List

import jax
import jax.numpy as jnp
import optax
from flax import nnx


class SpreadModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.conv = nnx.Conv(n_features, 8, kernel_size=(3, 3), rngs=rngs)
        self.out = nnx.Conv(8, 1, kernel_size=(1, 1), rngs=rngs)

    def __call__(self, grid):
        return self.out(nnx.relu(self.conv(grid)))[..., 0]


class Callback:
    def on_step(self, step, logs):
        pass

    def on_train_end(self):
        return {}


@dataclass
class LossHistory(Callback):
    losses: List = field(default_factory=list)

    def on_step(self, step, logs):
        self.losses.append(logs["loss"])

    def on_train_end(self):
        return {"mean_loss": float(jnp.mean(jnp.stack(self.losses)))}


@dataclass
class GradNormAlarm(Callback):
    threshold: float = 100.0
    norms: List = field(default_factory=list)

    def on_step(self, step, logs):
        self.norms.append(logs["grad_norm"])

    def on_train_end(self):
        return {"grad_alarm": bool(jnp.any(jnp.stack(self.norms) > self.threshold))}


class SpreadTrainer:
    def __init__(self, model, optimizer, callbacks):
        self.model = model
        self.optimizer = optimizer
        self.callbacks = list(callbacks)

    def fit(self, grids, burned):
        graphdef, state = nnx.split((self.model, self.optimizer))

        def loss_fn(model, x, y):
            return optax.sigmoid_binary_cross_entropy(model(x), y).mean()

        def body(state, batch):
            step, x, y = batch
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
            optimizer.update(model, grads)
            logs = {"loss": loss, "grad_norm": optax.global_norm(grads)}
            return nnx.state((model, optimizer)), logs

        steps = jnp.arange(grids.shape[0])
        state, history = jax.lax.scan(body, state, (steps, grids, burned))
        nnx.update((self.model, self.optimizer), state)
        for step in range(grids.shape[0]):
            logs = jax.tree.map(lambda v: v[step], history)
            for callback in self.callbacks:
                callback.on_step(step, logs)

    def summary(self):
        report = {}
        for callback in self.callbacks:
            report.update(callback.on_train_end())
        return report


def main():
    grids = jax.random.normal(jax.random.key(0), (4, 2, 12, 12, 3))
    burned = (grids[..., 0] > 0.5).astype(jnp.float32)
    model = SpreadModel(3, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-2), wrt=nnx.Param)
    trainer = SpreadTrainer(model, optimizer, [LossHistory(), GradNormAlarm()])
    trainer.fit(grids, burned)
    trainer.summary()
    return None
