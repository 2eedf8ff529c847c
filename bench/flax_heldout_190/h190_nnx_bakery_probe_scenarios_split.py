# label: ok
# flax-error: none
# class: 5 make_scenario_sampler returns a step function closing over the model; the keys are split before the lax.scan and each step builds nnx.Rngs(probe=key) from its own key
"""Core-temperature probe scenarios for an industrial bakery's tunnel oven.

Before a new bread line is released, QA samples how the noisy core-temperature probe could read
each loaf in a tray, given the oven zone temperatures, and checks how often a loaf would be
wrongly rejected.
"""
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class CoreTemperatureModel(nnx.Module):
    def __init__(self, probe_noise: float, rngs: nnx.Rngs):
        self.zones = nnx.Linear(3, 8, rngs=rngs)
        self.core = nnx.Linear(8, 1, rngs=rngs)
        self.probe_noise = probe_noise

    def __call__(self, zone_temps, rngs: nnx.Rngs):
        core = 90.0 + 5.0 * self.core(nnx.relu(self.zones(zone_temps)))[..., 0]
        return core + self.probe_noise * jax.random.normal(rngs.probe(), core.shape)


def make_scenario_sampler(model: CoreTemperatureModel):
    def sample_scenario(carry, key):
        reading = model(carry, rngs=nnx.Rngs(probe=key))
        return carry, reading

    return sample_scenario


class ReleaseCheck:
    def __init__(self, model: CoreTemperatureModel, n_scenarios: int, seed: int):
        self.n_scenarios = n_scenarios
        self.keys = jax.random.split(jax.random.key(seed), n_scenarios)
        self.sampler = make_scenario_sampler(model)

    def readings(self, tray):
        _, readings = lax.scan(self.sampler, tray, self.keys)
        return readings

    def false_reject_rate(self, tray, threshold: float = 92.0):
        return (self.readings(tray) < threshold).mean()


def main():
    model = CoreTemperatureModel(probe_noise=1.5, rngs=nnx.Rngs(0))
    tray = jnp.array([[0.2, 0.5, 0.4], [0.3, 0.6, 0.2], [0.1, 0.4, 0.7]])
    return ReleaseCheck(model, n_scenarios=6, seed=21).readings(tray)
