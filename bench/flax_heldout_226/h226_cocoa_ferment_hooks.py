# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the fermentation runner fires its CallbackList from the scan body; an AcidityProbe callback keeps the sown intermediates of model.apply on itself
"""Cocoa bean fermentation boxes: a runner scans over daily sensor readings and fires callbacks."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class FermentationNet(nn.Module):
    hidden: int = 16

    @nn.compact
    def __call__(self, readings):
        h = nn.tanh(nn.Dense(self.hidden, name="sensor_embed")(readings))
        self.sow("intermediates", "acidity_features", h)
        return nn.Dense(1, name="ph_head")(h)


class Callback:
    def on_step(self, step_state):
        return None

    def on_run_end(self):
        return None


class AcidityProbe(Callback):
    """Keeps the sown hidden features so that a drift report can be drawn at the end."""

    def __init__(self):
        self.features = []

    def on_step(self, step_state):
        self.features.append(step_state["intermediates"]["acidity_features"][0])

    def on_run_end(self):
        stacked = jnp.stack(self.features)
        return {"feature_mean": jnp.mean(stacked), "feature_max": jnp.max(stacked)}


class CallbackList:
    def __init__(self, callbacks):
        self.callbacks = list(callbacks)

    def fire(self, event, *args):
        report = {}
        for callback in self.callbacks:
            result = getattr(callback, event)(*args)
            if result:
                report.update(result)
        return report


@dataclasses.dataclass(frozen=True)
class FermentConfig:
    boxes: int = 6
    sensors: int = 5
    days: int = 7


class FermentationRunner:
    def __init__(self, config, model, variables, callbacks):
        self.config = config
        self.model = model
        self.variables = variables
        self.callbacks = callbacks

    def _day(self, acidity_total, readings):
        ph, state = self.model.apply(self.variables, readings, mutable=["intermediates"])
        self.callbacks.fire("on_step", state)
        return acidity_total + jnp.mean(ph), jnp.mean(ph)

    def run(self, daily_readings):
        total, _ = jax.lax.scan(self._day, jnp.zeros(()), daily_readings)
        report = self.callbacks.fire("on_run_end")
        report["total_ph"] = total
        return report


def main():
    config = FermentConfig()
    model = FermentationNet()
    readings = jax.random.uniform(jax.random.key(0), (config.days, config.boxes, config.sensors))
    variables = model.init(jax.random.key(1), readings[0])
    runner = FermentationRunner(config, model, {"params": variables["params"]},
                                CallbackList([AcidityProbe()]))
    report = runner.run(readings)
    jax.block_until_ready(report)
    return None
