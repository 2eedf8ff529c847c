# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body hands the TrainState to a CallbackList, whose ParamNormLogger keeps per-step values of state.params in a Python list read after the loop
"""Experiment loop with a Keras-style callback system.

`fit` compiles a whole epoch as one raw `jax.lax.scan`; callbacks are invoked from the
body with the current TrainState and metrics.
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
    def on_step_end(self, step, state, metrics):
        pass

    def on_epoch_end(self, epoch):
        pass


class ParamNormLogger(Callback):
    def __init__(self):
        self.history = []

    def on_step_end(self, step, state, metrics):
        self.history.append(optax.global_norm(state.params))

    def on_epoch_end(self, epoch):
        norms = jnp.stack(self.history)
        self.summary = {"epoch": epoch, "max_param_norm": norms.max()}


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def on_step_end(self, step, state, metrics):
        for cb in self.callbacks:
            cb.on_step_end(step, state, metrics)

    def on_epoch_end(self, epoch):
        for cb in self.callbacks:
            cb.on_epoch_end(epoch)


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
        callbacks.on_step_end(state.step, state, metrics)
        return state, metrics

    for epoch in range(epochs):
        state, metrics = jax.lax.scan(train_step, state, data)
        callbacks.on_epoch_end(epoch)
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
