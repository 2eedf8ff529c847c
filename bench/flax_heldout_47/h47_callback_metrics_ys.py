# label: ok
# flax-error: none
# class: 5 the scan body returns the loss as a per-step output; the CallbackList is invoked after the loop with concrete values
"""Training loop with a Keras-style callback system around a scanned epoch."""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.relu(nn.Dense(8)(x)))


class Callback:
    def on_step_end(self, step, logs):
        pass

    def on_epoch_end(self, epoch):
        pass


class MetricsCallback(Callback):
    def __init__(self):
        self.losses = []
        self.epoch_means = []

    def on_step_end(self, step, logs):
        self.losses.append(logs["loss"])

    def on_epoch_end(self, epoch):
        self.epoch_means.append(jnp.mean(jnp.stack(self.losses)))
        self.losses = []


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def on_step_end(self, step, logs):
        for cb in self.callbacks:
            cb.on_step_end(step, logs)

    def on_epoch_end(self, epoch):
        for cb in self.callbacks:
            cb.on_epoch_end(epoch)


class Trainer:
    def __init__(self, model, tx, callbacks):
        self.model, self.tx, self.callbacks = model, tx, CallbackList(callbacks)

    def _loss(self, params, x, y):
        return jnp.mean((self.model.apply({"params": params}, x) - y) ** 2)

    def run_epoch(self, params, opt_state, xs, ys, epoch=0):
        def step(carry, batch):
            params, opt_state = carry
            loss, grads = jax.value_and_grad(self._loss)(params, *batch)
            updates, opt_state = self.tx.update(grads, opt_state)
            params = optax.apply_updates(params, updates)
            return (params, opt_state), loss

        (params, opt_state), losses = jax.lax.scan(step, (params, opt_state), (xs, ys))
        for i, loss in enumerate(losses):
            self.callbacks.on_step_end(i, {"loss": loss})
        self.callbacks.on_epoch_end(epoch)
        return params, opt_state


def main():
    model = MLP()
    xs = jax.random.normal(jax.random.key(0), (6, 4, 3))
    ys = jnp.zeros((6, 4, 1))
    params = model.init(jax.random.key(1), xs[0])["params"]
    tx = optax.sgd(0.05)
    trainer = Trainer(model, tx, [MetricsCallback()])
    trainer.run_epoch(params, tx.init(params), xs, ys)
    return None
