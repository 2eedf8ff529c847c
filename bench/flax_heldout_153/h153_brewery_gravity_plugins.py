# label: same-values
# flax-error: none
# class: 5 PluginManager resolves an entry-point dict to make_perturbation_step, a factory whose returned step closes over one 'perturb' key and passes it to module.apply at every scan step
"""Brewery fermentation forecasting: forecast plugins are looked up by entry-point name; the
perturbation-ensemble plugin returns a step function that produces one ensemble member of the
final-gravity forecast per scan step."""
import jax
import jax.numpy as jnp
from jax import random
from flax import linen as nn


class GravityModel(nn.Module):
    hidden: int = 8
    sensor_noise: float = 0.05

    @nn.compact
    def __call__(self, readings):
        noise = self.sensor_noise * random.normal(self.make_rng('perturb'), readings.shape)
        h = nn.relu(nn.Dense(self.hidden, name='ferment')(readings + noise))
        return nn.Dense(1, name='final_gravity')(h)[..., 0]


def make_perturbation_step(module, variables, key):
    def step(readings, member):
        member = module.apply(variables, readings, rngs={'perturb': key})
        return readings, member

    return step


def make_point_step(module, variables, key):
    def step(readings, _):
        return readings, module.apply(variables, readings, rngs={'perturb': key})

    return step


ENTRY_POINTS = {
    'brewlab.forecast': {
        'perturbation': make_perturbation_step,
        'point': make_point_step,
    },
}


class PluginManager:
    def __init__(self, entry_points):
        self._entry_points = entry_points
        self._loaded = {}

    def load(self, group, name):
        if (group, name) not in self._loaded:
            self._loaded[group, name] = self._entry_points[group][name]
        return self._loaded[group, name]


def run_ensemble(manager, module, variables, readings, n_members, key):
    factory = manager.load('brewlab.forecast', 'perturbation')
    step = factory(module, variables, key)
    _, members = jax.lax.scan(step, readings, jnp.arange(n_members))
    return members


def main():
    module = GravityModel()
    readings = jnp.array([[1.052, 18.5, 4.1], [1.048, 19.0, 4.3]])
    variables = module.init({'params': random.key(0), 'perturb': random.key(1)}, readings)
    members = run_ensemble(PluginManager(ENTRY_POINTS), module, variables, readings, 6,
                           random.key(9))
    return members
