# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "level" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 a plugin class resolved from an entry-point name table builds a step function whose model.apply (no mutable) updates the 'cache' collection in the scan body
"""Cold-storage telemetry: stream filters are plugins named in an entry-point style table
("group" -> "name" -> "module:attr"); the host loads one and runs it over a shift of readings."""
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
        def step(alarms, reading):
            smoothed = module.apply(variables, reading)
            return alarms + (smoothed > -15.0).sum(), smoothed

        return step


class FilterHost:
    def __init__(self, plugin_name: str):
        self.plugin_cls = load_entry_point("coldchain.filters", plugin_name)
        self.module = self.plugin_cls()

    def run_shift(self, readings):
        variables = self.module.init(jax.random.PRNGKey(0), readings[0])
        step = self.plugin_cls.make_step(self.module, variables)
        return jax.lax.scan(step, jnp.int32(0), readings)


def main():
    readings = -18.0 + jax.random.normal(jax.random.PRNGKey(3), (24, 3))
    alarms, smoothed = FilterHost("ewma").run_shift(readings)
    smoothed.block_until_ready()
    return None
