# label: ok
# flax-error: none
# class: 2 each RegionForecaster object stores its variables; batch_stats travel through the scan carry and are stored after the loop
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

    def forecast(self, batch_stats, readings):
        variables = {"params": self.variables["params"], "batch_stats": batch_stats}
        out, updates = self.model.apply(variables, readings, train=True, mutable=["batch_stats"])
        return out, updates["batch_stats"]


class GridForecastService:
    def __init__(self, regions):
        self.regions = regions

    def adapt_day(self, region_name, hourly):
        region = self.regions[region_name]

        def step(batch_stats, readings):
            out, batch_stats = region.forecast(batch_stats, readings)
            return batch_stats, out

        stats, loads = jax.lax.scan(step, region.variables["batch_stats"], hourly)
        region.variables = {**region.variables, "batch_stats": stats}
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
