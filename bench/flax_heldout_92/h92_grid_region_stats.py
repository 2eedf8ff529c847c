# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[24] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 each RegionForecaster object stores its variables; the scan body writes updated batch_stats back onto the object
"""Power-grid load forecaster: one model object per region, adapted online over a day of readings."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class LoadNet(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        x = nn.Dense(24)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(1)(nn.tanh(x))


class RegionForecaster:
    def __init__(self, name, model, variables):
        self.name = name
        self.model = model
        self.variables = variables

    def forecast(self, readings):
        out, updates = self.model.apply(self.variables, readings, train=True, mutable=["batch_stats"])
        self.variables = {**self.variables, **updates}
        return out


class GridForecastService:
    def __init__(self, regions):
        self.regions = regions

    def adapt_day(self, region_name, hourly):
        region = self.regions[region_name]

        def step(carry, readings):
            return carry, region.forecast(readings)

        _, loads = jax.lax.scan(step, None, hourly)
        return loads

    def drift(self, region_name):
        stats = self.regions[region_name].variables["batch_stats"]
        return jax.tree.map(lambda a: jnp.abs(a).mean(), stats)


def main():
    model = LoadNet()
    hourly = jnp.ones((24, 16, 8))
    regions = {}
    for i, name in enumerate(["north", "south"]):
        regions[name] = RegionForecaster(name, model, model.init(jax.random.key(i), hourly[0], train=False))
    service = GridForecastService(regions)
    service.adapt_day("north", hourly)
    service.drift("north")
    return None
