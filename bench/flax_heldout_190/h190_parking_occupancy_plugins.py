# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "offset" in "/" because collection "calibration" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 plugins discovered at runtime are bound with module.bind(variables) into OccupancyService.adapters; the jax.lax.while_loop body calls them and the calibration plugin writes its offset
"""Multi-storey car park occupancy reconciliation.

Loop detectors at each level miscount cars; the service discovers correction plugins by
scanning this module for OccupancyPlugin subclasses, loads the ones named in the site config and
runs them until the per-level counts stop changing.
"""
import inspect
import sys
from typing import ClassVar

import jax
import jax.numpy as jnp
from flax import linen as nn


class OccupancyPlugin(nn.Module):
    plugin_name: ClassVar[str] = ""
    levels: int = 4


class CalibrationPlugin(OccupancyPlugin):
    plugin_name: ClassVar[str] = "calibration"

    @nn.compact
    def __call__(self, counts):
        offset = self.variable("calibration", "offset", jnp.zeros, (self.levels,))
        gain = self.param("gain", nn.initializers.ones, (self.levels,))
        offset.value = offset.value + 0.2 * (counts - offset.value)
        return gain * counts - 0.1 * offset.value


class SmoothingPlugin(OccupancyPlugin):
    plugin_name: ClassVar[str] = "smoothing"

    @nn.compact
    def __call__(self, counts):
        mix = self.param("mix", nn.initializers.constant(0.5), ())
        return mix * counts + (1.0 - mix) * jnp.mean(counts)


def discover_plugins():
    module = sys.modules[__name__]
    return {cls.plugin_name: cls for _, cls in inspect.getmembers(module, inspect.isclass)
            if issubclass(cls, OccupancyPlugin) and cls.plugin_name}


class OccupancyService:
    def __init__(self, plugin_names, levels: int, seed: int = 0):
        available = discover_plugins()
        self.adapters = {}
        for i, name in enumerate(plugin_names):
            plugin = available[name](levels=levels)
            variables = plugin.init(jax.random.key(seed + i), jnp.zeros(levels))
            self.adapters[name] = plugin.bind(variables)

    def reconcile(self, raw_counts, max_rounds: int = 20):
        def unsettled(state):
            rounds, previous, current = state
            return (rounds < max_rounds) & (jnp.max(jnp.abs(current - previous)) > 1e-3)

        def one_round(state):
            rounds, _, current = state
            updated = current
            for adapter in self.adapters.values():
                updated = adapter(updated)
            return rounds + 1, current, updated

        init = (jnp.int32(0), raw_counts + 1.0, raw_counts)
        _, _, counts = jax.lax.while_loop(unsettled, one_round, init)
        return counts


def main():
    service = OccupancyService(["calibration", "smoothing"], levels=4)
    service.reconcile(jnp.array([112.0, 87.0, 64.0, 20.0]))
    return None
