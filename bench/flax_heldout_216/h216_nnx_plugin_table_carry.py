# label: ok
# flax-error: none
# class: 5 a plugin class resolved from an entry-point name table; its make_step factory nnx.splits the plugin and returns a step that merges the carried state and returns nnx.state
"""Vaccine cold-chain shipments: sensor-drift correctors are plugins listed in an entry-point
style table; the gateway loads the configured one and corrects a shipment's logger trace, the
plugin's state riding in the scan carry."""
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
        return (lambda carry, reading: (carry, reading)), (jnp.int32(0), nnx.state(self))


class DriftCorrector(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.encode = nnx.Linear(3, 8, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.offset = nnx.Linear(8, 3, rngs=rngs)

    def __call__(self, reading):
        return reading - self.offset(self.drop(nnx.tanh(self.encode(reading))))

    def make_step(self):
        graphdef, state = nnx.split(self)

        def step(carry, reading):
            excursions, state = carry
            plugin = nnx.merge(graphdef, state)
            corrected = plugin(reading)
            return (excursions + (corrected[0] > 8.0), nnx.state(plugin)), corrected

        return step, (jnp.int32(0), state)


class Gateway:
    def __init__(self, plugin_name: str, seed: int = 0):
        self.plugin = resolve("coldchain.correctors", plugin_name)(nnx.Rngs(seed))

    def correct(self, trace):
        step, init = self.plugin.make_step()
        (excursions, state), corrected = lax.scan(step, init, trace)
        nnx.update(self.plugin, state)
        return excursions, corrected


def main():
    # logger temperature, humidity, door-open flag
    trace = jnp.array([5.0, 0.4, 0.0]) + 0.5 * jax.random.normal(jax.random.PRNGKey(1), (30, 3))
    excursions, corrected = Gateway("drift").correct(trace)
    corrected.block_until_ready()
    return None
