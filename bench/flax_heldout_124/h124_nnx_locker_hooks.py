# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[20] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body reaches the model through Pipeline.stages["forecast"].forecast; a PeakOccupancyCallback in the CallbackList keeps each hour's occupancy
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
            self.callbacks.on_step_end(occupancy)
            return carry, None

        lax.scan(body, None, hourly)
        return self.callbacks.on_run_end()


def main():
    hourly = jax.random.normal(jax.random.key(0), (12, 20, 5))
    pipeline = Pipeline({"forecast": ForecastStage(OccupancyModel(nnx.Rngs(0)))},
                        CallbackList([PeakOccupancyCallback()]))
    print(pipeline.run(hourly))
    return None
