# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body fires CallbackManager hooks by name with the wait-time predictions of model.apply; the WaitTimeRecorder hook keeps them in a list that on_epoch_end stacks after the loop
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
            self.callbacks.fire("step_end", step=None, predictions=pred, loss=loss)
            return (optax.apply_updates(p, updates), s), loss

        (params, opt_state), losses = lax.scan(step, (params, opt_state), (calls, waits))
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
