# label: ok
# flax-error: none
# class: 5 a plugin class resolved from an entry-point name table builds a step function that applies with mutable 'cache' and carries it through the scan
"""Cold-storage telemetry: stream filters are plugins named in an entry-point style table
("group" -> "name" -> "module:attr"); the host loads one and runs it over a shift of readings,
the filter state riding in the scan carry."""
import importlib

import jax
import jax.numpy as jnp
from flax import linen as nn

ENTRY_POINTS = {
    "coldchain.filters": {
        "ewma": f"{__name__}:EwmaFilter",
        "passthrough": f"{__name__}:PassthroughFilter",
    },
}


def load_entry_point(group: str, name: str):
    module_name, _, attr = ENTRY_POINTS[group][name].partition(":")
    return getattr(importlib.import_module(module_name), attr)


class PassthroughFilter(nn.Module):
    @nn.compact
    def __call__(self, reading):
        return reading

    @classmethod
    def make_step(cls, module, variables):
        return lambda carry, reading: (carry, module.apply(variables, reading))


class EwmaFilter(nn.Module):
    channels: int = 3

    @nn.compact
    def __call__(self, reading):
        alpha = nn.sigmoid(self.param("alpha_logit", nn.initializers.zeros, (self.channels,)))
        level = self.variable("cache", "level", lambda: jnp.zeros(self.channels))
        level.value = alpha * reading + (1.0 - alpha) * level.value
        return level.value

    @classmethod
    def make_step(cls, module, variables):
        params = variables["params"]

        def step(carry, reading):
            alarms, cache = carry
            smoothed, updates = module.apply({"params": params, "cache": cache}, reading, mutable=["cache"])
            return (alarms + (smoothed > -15.0).sum(), updates["cache"]), smoothed

        return step


class FilterHost:
    def __init__(self, plugin_name: str):
        self.plugin_cls = load_entry_point("coldchain.filters", plugin_name)
        self.module = self.plugin_cls()

    def run_shift(self, readings):
        variables = self.module.init(jax.random.PRNGKey(0), readings[0])
        step = self.plugin_cls.make_step(self.module, variables)
        (alarms, cache), smoothed = jax.lax.scan(step, (jnp.int32(0), variables["cache"]), readings)
        return alarms, smoothed


def main():
    readings = -18.0 + jax.random.normal(jax.random.PRNGKey(3), (24, 3))
    alarms, smoothed = FilterHost("ewma").run_shift(readings)
    smoothed.block_until_ready()
    return None
