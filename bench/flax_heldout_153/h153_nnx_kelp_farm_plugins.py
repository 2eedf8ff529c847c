# label: same-values
# flax-error: none
# class: 5 PluginManager resolves an entry-point dict to build_growth_step, a factory that draws one key from the farm's nnx.Rngs 'growth' stream and returns a step closing over it for every scan step
"""Kelp farm growth simulation: growth plugins are registered under entry-point style names; the
stochastic plugin adds a weather shock to the learned weekly growth of each longline, and the
simulator returns the weekly shocks."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class GrowthNet(nnx.Module):
    def __init__(self, n_lines, rngs: nnx.Rngs):
        self.uptake = nnx.Linear(2 * n_lines, n_lines, rngs=rngs)

    def __call__(self, biomass, nutrients):
        return biomass + 0.05 * nnx.softplus(self.uptake(jnp.concatenate([biomass, nutrients])))


def build_growth_step(model, rngs: nnx.Rngs):
    key = rngs.growth()

    def step(biomass, nutrients):
        shock = 0.1 * jax.random.normal(key, biomass.shape)
        return model(biomass, nutrients) + shock, shock

    return step


def build_deterministic_step(model, rngs: nnx.Rngs):
    def step(biomass, nutrients):
        return model(biomass, nutrients), jnp.zeros_like(biomass)

    return step


ENTRY_POINTS = {
    'kelpfarm.growth_models': [
        ('stochastic', build_growth_step),
        ('deterministic', build_deterministic_step),
    ],
}


class PluginManager:
    def __init__(self, entry_points):
        self.registry = {group: dict(items) for group, items in entry_points.items()}

    def factory(self, group, name):
        try:
            return self.registry[group][name]
        except KeyError as err:
            raise LookupError(f'no plugin {name!r} in {group!r}') from err


class KelpFarm:
    def __init__(self, n_lines, seed):
        self.model = GrowthNet(n_lines, nnx.Rngs(params=seed))
        self.rngs = nnx.Rngs(growth=seed + 100)


def simulate_season(farm, plugins, biomass, nutrients):
    step = plugins.factory('kelpfarm.growth_models', 'stochastic')(farm.model, farm.rngs)
    _, shocks = jax.lax.scan(step, biomass, nutrients)
    return shocks


def main():
    farm = KelpFarm(n_lines=4, seed=2)
    nutrients = jnp.linspace(0.2, 1.0, 10 * 4).reshape(10, 4)
    return simulate_season(farm, PluginManager(ENTRY_POINTS), jnp.ones((4,)), nutrients)
