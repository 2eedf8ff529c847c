# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the detection pipeline reaches the pressure model through its runner and calls its callback list inside the scan body; a history hook keeps each step's leak probability for the shift report
"""Water utility leak detection.

District metered areas report pressure and flow every fifteen minutes; a detection pipeline
runs the leak model over a night of readings and lets registered callbacks observe every step.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class PressureModel(nnx.Module):
    def __init__(self, sensors, rngs):
        self.encoder = nnx.Linear(sensors, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, reading):
        return nnx.sigmoid(self.head(nnx.tanh(self.encoder(reading))))[0]


class HistoryHook:
    def __init__(self):
        self.values = []

    def on_step(self, probability):
        self.values.append(probability)

    def report(self):
        return {"peak": jnp.max(jnp.stack(self.values)), "steps": len(self.values)}


class ModelRunner:
    def __init__(self, model):
        self.model = model


class DetectionPipeline:
    def __init__(self, runner, callbacks):
        self.runner = runner
        self.callbacks = callbacks

    def run_night(self, readings):
        def body(alarms, reading):
            probability = self.runner.model(reading)
            for callback in self.callbacks:
                callback.on_step(probability)
            return alarms + (probability > 0.8), None

        alarms, _ = lax.scan(body, jnp.zeros((), jnp.int32), readings)
        return alarms, [callback.report() for callback in self.callbacks]


def main():
    model = PressureModel(5, nnx.Rngs(0))
    readings = jax.random.normal(jax.random.key(1), (32, 5))
    pipeline = DetectionPipeline(ModelRunner(model), [HistoryHook()])
    alarms, reports = pipeline.run_night(readings)
    jax.block_until_ready(reports)
    return None
