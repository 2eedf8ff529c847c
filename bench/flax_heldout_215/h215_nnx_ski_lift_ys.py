# label: ok
# flax-error: none
# class: 4 LiftForecastService.run -> self.runtime.model in the scan body; the waits leave as ys and the on_step hooks run after the scan
"""Ski lift queue forecasting service with pluggable callbacks.

The service reaches the forecaster through its runtime and scans over the day's 10-minute slots,
emitting the waits as the scan output; the callbacks are notified slot by slot after the scan,
and the queue logger summarizes the day at the end.
"""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class QueueForecaster(nnx.Module):
    def __init__(self, features, lifts, *, rngs: nnx.Rngs):
        self.encoder = nnx.Linear(features, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.wait = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.wait(self.drop(nnx.relu(self.encoder(x)))))[..., 0]


class ForecastRuntime:
    def __init__(self, model):
        model.eval()
        self.model = model


class QueueLogger:
    def __init__(self):
        self.buffer = []

    def on_step(self, wait_minutes):
        self.buffer.append(wait_minutes)

    def on_end(self):
        return jnp.stack(self.buffer).max(axis=0)


class LiftForecastService:
    def __init__(self, runtime, callbacks):
        self.runtime = runtime
        self.callbacks = list(callbacks)

    def run(self, slots):
        def slot(total, x):
            wait = 12.0 * self.runtime.model(x)
            return total + wait, wait

        total, waits = lax.scan(slot, jnp.zeros(slots.shape[1]), slots)
        for wait in waits:
            for callback in self.callbacks:
                callback.on_step(wait)
        return total, [callback.on_end() for callback in self.callbacks]


def main():
    n_slots, lifts, features = 8, 5, 3
    t = jnp.arange(n_slots, dtype=jnp.float32)[:, None, None]
    slots = jnp.concatenate([jnp.sin(t / 3.0), jnp.cos(t / 4.0), jnp.ones_like(t)], axis=-1) * jnp.ones((n_slots, lifts, features))
    service = LiftForecastService(ForecastRuntime(QueueForecaster(features, lifts, rngs=nnx.Rngs(0))), [QueueLogger()])
    total, summaries = service.run(slots)
    jax.block_until_ready((total, summaries))
    return None
