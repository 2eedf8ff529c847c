# label: ok
# flax-error: none
# class: 4 the scan body reaches the model through Pipeline.stages["forecast"].forecast; occupancy leaves as scan ys and the CallbackList sees each hour after the loop
"""Parcel locker network: hourly occupancy forecast with callbacks for peak alerts."""
import jax
import jax.numpy as jnp
from jax import lax
import flax.nnx as nnx


class OccupancyModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.enc = nnx.Linear(5, 8, rngs=rngs)
        self.head = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, x):
        return jax.nn.sigmoid(self.head(nnx.tanh(self.enc(x))))[..., 0]


class ForecastStage:
    def __init__(self, model):
        self.model = model

    def forecast(self, x):
        return self.model(x)


class PeakOccupancyCallback:
    def __init__(self):
        self.history = []

    def on_step_end(self, occupancy):
        self.history.append(occupancy)

    def on_run_end(self):
        return {"peak": jnp.max(jnp.stack(self.history))}


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def on_step_end(self, occupancy):
        for cb in self.callbacks:
            cb.on_step_end(occupancy)

    def on_run_end(self):
        logs = {}
        for cb in self.callbacks:
            logs.update(cb.on_run_end())
        return logs


class Pipeline:
    def __init__(self, stages, callbacks):
        self.stages = stages
        self.callbacks = callbacks

    def run(self, hourly):
        def body(carry, x):
            occupancy = self.stages["forecast"].forecast(x)
            return carry, occupancy

        _, per_hour = lax.scan(body, None, hourly)
        for occupancy in per_hour:
            self.callbacks.on_step_end(occupancy)
        return self.callbacks.on_run_end()



def main():
    hourly = jax.random.normal(jax.random.key(0), (12, 20, 5))
    pipeline = Pipeline({"forecast": ForecastStage(OccupancyModel(nnx.Rngs(0)))},
                        CallbackList([PeakOccupancyCallback()]))
    print(pipeline.run(hourly))
    return None
