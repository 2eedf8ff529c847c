# label: ok
# flax-error: none
# class: 5 the scan body hands the TrainState to a CallbackList whose ParamNormLogger returns per-step values of state.params as scan outputs, consumed after the loop
"""Experiment loop with a Keras-style callback system.

`fit` compiles a whole epoch as one raw `jax.lax.scan`; callbacks compute their per-step
logs inside the body and return them as part of the scan outputs, so they leave the loop
as stacked arrays.
"""
import functools

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training.train_state import TrainState


class MLP(nn.Module):
    features: tuple = (16, 1)

    @nn.compact
    def __call__(self, x):
        for f in self.features[:-1]:
            x = nn.gelu(nn.Dense(f)(x))
        return nn.Dense(self.features[-1])(x)


class Callback:
    name = "callback"

    def on_step_end(self, step, state, metrics):
        return {}

    def on_epoch_end(self, epoch, logs):
        pass


class ParamNormLogger(Callback):
    name = "param_norm"

    def on_step_end(self, step, state, metrics):
        return {"norm": optax.global_norm(state.params)}

    def on_epoch_end(self, epoch, logs):
        norms = logs["norm"]
        self.summary = {"epoch": epoch, "max_param_norm": norms.max()}


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def on_step_end(self, step, state, metrics):
        return {cb.name: cb.on_step_end(step, state, metrics) for cb in self.callbacks}

    def on_epoch_end(self, epoch, logs):
        for cb in self.callbacks:
            cb.on_epoch_end(epoch, logs[cb.name])


def mse_loss(params, apply_fn, batch):
    x, y = batch
    pred = apply_fn({"params": params}, x)
    return jnp.mean((pred - y) ** 2)


def fit(state, data, callbacks: CallbackList, epochs=1):
    grad_fn = jax.value_and_grad(mse_loss)

    def train_step(state, batch):
        loss, grads = grad_fn(state.params, state.apply_fn, batch)
        state = state.apply_gradients(grads=grads)
        metrics = {"loss": loss}
        logs = callbacks.on_step_end(state.step, state, metrics)
        return state, (metrics, logs)

    for epoch in range(epochs):
        state, (metrics, logs) = jax.lax.scan(train_step, state, data)
        callbacks.on_epoch_end(epoch, logs)
    return state


def main():
    rng = jax.random.PRNGKey(0)
    xs = jax.random.normal(rng, (6, 4, 3))
    ys = xs.sum(-1, keepdims=True)
    model = MLP()
    params = model.init(rng, xs[0])["params"]
    state = TrainState.create(apply_fn=model.apply, params=params, tx=optax.sgd(0.05))
    logger = ParamNormLogger()
    fit(state, (xs, ys), CallbackList([logger]))
    jax.block_until_ready(logger.summary)
    return None
