# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a CallbackList is invoked from inside the scan body; MetricsCallback stores the traced loss on itself and averages it after the loop
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
            params, opt_state, i = carry
            loss, grads = jax.value_and_grad(self._loss)(params, *batch)
            updates, opt_state = self.tx.update(grads, opt_state)
            params = optax.apply_updates(params, updates)
            self.callbacks.on_step_end(i, {"loss": loss})
            return (params, opt_state, i + 1), None

        (params, opt_state, _), _ = jax.lax.scan(step, (params, opt_state, 0), (xs, ys))
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
