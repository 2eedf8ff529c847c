# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 5 a plugin class resolved from an entry-point name table; its make_step factory returns a closure over the plugin (Dropout in train mode) that the scan runs
"""Vaccine cold-chain shipments: sensor-drift correctors are plugins listed in an entry-point
style table; the gateway loads the configured one and corrects a shipment's logger trace."""
import importlib

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax

PLUGIN_TABLE = {
    "coldchain.correctors": {
        "drift": f"{__name__}:DriftCorrector",
        "identity": f"{__name__}:IdentityCorrector",
    },
}


def resolve(group: str, name: str):
    module_name, _, qualname = PLUGIN_TABLE[group][name].partition(":")
    return getattr(importlib.import_module(module_name), qualname)


class IdentityCorrector(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        pass

    def make_step(self):
        return lambda carry, reading: (carry, reading)


class DriftCorrector(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encode = nnx.Linear(3, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.offset = nnx.Linear(8, 3, rngs=rngs)

    def __call__(self, reading):
        return reading - self.offset(self.drop(nnx.tanh(self.encode(reading))))

    def make_step(self):
        def step(excursions, reading):
            corrected = self(reading)
            return excursions + (corrected[0] > 8.0), corrected

        return step


class Gateway:
    def __init__(self, plugin_name: str, seed: int = 0):
        self.plugin = resolve("coldchain.correctors", plugin_name)(nnx.Rngs(seed))

    def correct(self, trace):
        return lax.scan(self.plugin.make_step(), jnp.int32(0), trace)


def main():
    # logger temperature, humidity, door-open flag
    trace = jnp.array([5.0, 0.4, 0.0]) + 0.5 * jax.random.normal(jax.random.PRNGKey(1), (30, 3))
    excursions, corrected = Gateway("drift").correct(trace)
    corrected.block_until_ready()
    return None
