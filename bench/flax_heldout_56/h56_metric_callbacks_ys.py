# label: ok
# flax-error: none
# class: 4 the Evaluator's lax.scan step returns the loss as ys and the CallbackList of logger objects is replayed over them after the loop
import abc

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class Regressor(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(1)(nn.tanh(nn.Dense(8)(x)))


class Callback(abc.ABC):
    @abc.abstractmethod
    def on_step_end(self, step, logs): ...

    def on_epoch_end(self):
        return None


class HistoryCallback(Callback):
    def __init__(self):
        self.history = []

    def on_step_end(self, step, logs):
        self.history.append(logs["loss"])

    def on_epoch_end(self):
        return jnp.mean(jnp.stack(self.history))


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def step_end(self, step, logs):
        for cb in self.callbacks:
            cb.on_step_end(step, logs)

    def epoch_end(self):
        return [cb.on_epoch_end() for cb in self.callbacks]


class Evaluator:
    def __init__(self, model, params, callbacks: CallbackList):
        self.model = model
        self.params = params
        self.callbacks = callbacks

    def _eval_step(self, step, batch):
        pred = self.model.apply({"params": self.params}, batch["x"])
        loss = jnp.mean((pred[:, 0] - batch["y"]) ** 2)
        return step + 1, loss

    def evaluate(self, batches):
        _, losses = lax.scan(self._eval_step, 0, batches)
        for step, loss in enumerate(losses):
            self.callbacks.step_end(step, {"loss": loss})
        return self.callbacks.epoch_end()


def main():
    model = Regressor()
    params = model.init(jax.random.PRNGKey(0), jnp.ones((4, 3)))["params"]
    history = HistoryCallback()
    evaluator = Evaluator(model, params, CallbackList([history]))
    batches = {"x": jax.random.normal(jax.random.PRNGKey(1), (5, 4, 3)), "y": jnp.zeros((5, 4))}
    evaluator.evaluate(batches)
    return None
