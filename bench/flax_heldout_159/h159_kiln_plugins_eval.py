# label: ok
# flax-error: none
# class: 5 a plugin built from a decorator registry keeps functools.partial(model.apply, variables, train=False) and the firing loop body calls it through the plugin manager
"""Kiln firing controller: temperature-correction plugins registered by name and run every segment."""
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

PLUGIN_REGISTRY = {}


def register_plugin(name):
    def decorator(cls):
        PLUGIN_REGISTRY[name] = cls
        return cls
    return decorator


class ThermalCorrector(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, temps, train: bool = True):
        h = nn.Dense(self.features)(temps)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(temps.shape[-1])(nn.tanh(h))


@register_plugin("thermal_smoother")
class ThermalSmootherPlugin:
    def __init__(self, model, variables):
        self.predict = functools.partial(model.apply, variables, train=False)

    def on_segment(self, temps):
        return temps + 0.1 * self.predict(temps)


@register_plugin("safety_clamp")
class SafetyClampPlugin:
    def __init__(self, model, variables):
        self.limit = 3.0

    def on_segment(self, temps):
        return jnp.clip(temps, -self.limit, self.limit)


class PluginManager:
    def __init__(self, names, model, variables):
        self.plugins = [PLUGIN_REGISTRY[name](model, variables) for name in names]

    def run_hooks(self, temps):
        for plugin in self.plugins:
            temps = plugin.on_segment(temps)
        return temps


class KilnController:
    def __init__(self, manager):
        self.manager = manager

    def fire(self, temps, ramp):
        def segment(t, step_up):
            t = self.manager.run_hooks(t + step_up)
            return t, t.mean()

        return lax.scan(segment, temps, ramp)


def main():
    model = ThermalCorrector()
    temps = jnp.linspace(-1.0, 1.0, 12).reshape(3, 4)
    variables = model.init(jax.random.key(0), temps)
    manager = PluginManager(["thermal_smoother", "safety_clamp"], model, variables)
    final, profile = KilnController(manager).fire(temps, jnp.full((6, 1), 0.05))
    jax.block_until_ready((final, profile))
    return None
