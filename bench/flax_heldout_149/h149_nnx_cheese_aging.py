# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 CaveController.rind_model is a property on a RegistryMixin that looks the nnx model up in a ModelRegistry; the fori_loop body calls it and passes each rind state to the AgingMonitor
"""Cheese cave aging: a rind-development model is stepped week by week under the cave's
humidity plan; an aging monitor keeps the readings and the cellar display shows the latest."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import fori_loop


class RindModel(nnx.Module):
    def __init__(self, rngs):
        self.growth = nnx.Linear(3, 2, rngs=rngs)

    def __call__(self, rind, humidity):
        return rind + 0.05 * nnx.tanh(self.growth(jnp.concatenate([rind, humidity[None]])))


class ModelRegistry:
    def __init__(self):
        self._models = {}

    def register(self, name, model):
        self._models[name] = model

    def lookup(self, name):
        return self._models[name]


class RegistryMixin:
    model_name = "rind"

    @property
    def rind_model(self):
        return self.registry.lookup(self.model_name)


class ReadingsMixin:
    @property
    def latest_reading(self):
        return self._readings[-1]


class AgingMonitor(ReadingsMixin):
    def __init__(self):
        self._readings = []

    def on_week(self, rind):
        self._readings.append(rind)


class CaveController(RegistryMixin):
    def __init__(self, registry, monitor):
        self.registry = registry
        self.monitor = monitor

    def age(self, humidity_plan, rind):
        def body(week, rind):
            rind = self.rind_model(rind, humidity_plan[week])
            self.monitor.on_week(rind)
            return rind

        return fori_loop(0, humidity_plan.shape[0], body, rind)


def main():
    registry = ModelRegistry()
    registry.register("rind", RindModel(nnx.Rngs(0)))
    monitor = AgingMonitor()
    CaveController(registry, monitor).age(jnp.linspace(0.85, 0.95, 12), jnp.zeros((2,)))
    jnp.round(monitor.latest_reading, 3)
    return None
