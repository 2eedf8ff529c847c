# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 a decorator-registered factory builds the NNX zone controller lazily on first lookup, which happens in the scan body; the registry caches it and the model is reused after the loop
"""Glass kiln firing: per-zone heater controllers are built on demand from a registry of factories
(decorated builder functions) and cached, so each firing programme reuses them."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan

_FACTORIES = {}


def register(name):
    def wrap(fn):
        _FACTORIES[name] = fn
        return fn
    return wrap


@register("zone_controller")
def build_zone_controller(seed: int = 0):
    return ZoneController(zones=4, rngs=nnx.Rngs(seed))


class ZoneController(nnx.Module):
    def __init__(self, zones: int, *, rngs: nnx.Rngs):
        self.error_in = nnx.Linear(zones, 16, rngs=rngs)
        self.power_out = nnx.Linear(16, zones, rngs=rngs)

    def __call__(self, error):
        return jax.nn.sigmoid(self.power_out(nnx.tanh(self.error_in(error))))


class ModelRegistry:
    def __init__(self):
        self._cache = {}

    def get(self, name, **kwargs):
        if name not in self._cache:
            self._cache[name] = _FACTORIES[name](**kwargs)
        return self._cache[name]


class FiringProgramme:
    def __init__(self, registry: ModelRegistry):
        self.registry = registry

    def run(self, setpoints, temps):
        def minute(temp, setpoint):
            power = self.registry.get("zone_controller")(setpoint - temp)
            temp = temp + 12.0 * power - 0.01 * (temp - 20.0)
            return temp, power

        return scan(minute, temps, setpoints)


def main():
    registry = ModelRegistry()
    programme = FiringProgramme(registry)
    setpoints = jnp.linspace(20.0, 520.0, 30)[:, None] * jnp.ones((1, 4))
    final, power = programme.run(setpoints, jnp.full((4,), 20.0))
    anneal = registry.get("zone_controller")(jnp.full((4,), 5.0))
    print(anneal)
    return None
