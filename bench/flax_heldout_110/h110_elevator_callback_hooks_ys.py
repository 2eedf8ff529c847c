# label: ok
# flax-error: none
# class: 4 the scan body returns the wait-time predictions of model.apply as scan outputs; the trainer fires the CallbackManager step hooks with them after the loop
"""Elevator group dispatch: fit a hall-call wait-time model with a callback-driven trainer.

Callbacks are plain objects; the manager calls whichever `on_<event>` methods they define.
"""
import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from jax import lax


class WaitTimeModel(nn.Module):
    @nn.compact
    def __call__(self, calls):
        h = nn.relu(nn.Dense(24, name="car_state")(calls))
        return nn.softplus(nn.Dense(1, name="wait_s")(h))[..., 0]


class WaitTimeRecorder:
    def __init__(self):
        self.predictions = []
        self.summary = None

    def on_step_end(self, step, predictions, loss):
        self.predictions.append(predictions)

    def on_epoch_end(self):
        waits = jnp.stack(self.predictions)
        self.summary = {"p95_wait": jnp.percentile(waits, 95.0), "mean_wait": waits.mean()}


class CallbackManager:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def fire(self, event: str, **kwargs):
        for cb in self.callbacks:
            hook = getattr(cb, f"on_{event}", None)
            if hook is not None:
                hook(**kwargs)


class DispatchTrainer:
    def __init__(self, model, tx, callbacks: CallbackManager):
        self.model, self.tx, self.callbacks = model, tx, callbacks

    def fit_epoch(self, params, opt_state, calls, waits):
        def loss_fn(p, x, y):
            pred = self.model.apply({"params": p}, x)
            return jnp.mean((pred - y) ** 2), pred

        def step(carry, batch):
            p, s = carry
            (loss, pred), grads = jax.value_and_grad(loss_fn, has_aux=True)(p, *batch)
            updates, s = self.tx.update(grads, s, p)
            return (optax.apply_updates(p, updates), s), (pred, loss)

        (params, opt_state), (preds, losses) = lax.scan(step, (params, opt_state), (calls, waits))
        for i in range(preds.shape[0]):
            self.callbacks.fire("step_end", step=i, predictions=preds[i], loss=losses[i])
        self.callbacks.fire("epoch_end")
        return params, opt_state, losses


def main():
    calls = jax.random.uniform(jax.random.key(0), (4, 16, 9))  # 4 batches x 16 hall calls x 9 features
    waits = 30.0 * jax.random.uniform(jax.random.key(1), (4, 16))
    model = WaitTimeModel()
    params = model.init(jax.random.key(2), calls[0])["params"]
    tx = optax.adam(1e-2)
    recorder = WaitTimeRecorder()
    trainer = DispatchTrainer(model, tx, CallbackManager([recorder]))
    trainer.fit_epoch(params, tx.init(params), calls, waits)
    jax.block_until_ready(recorder.summary)
    return None
