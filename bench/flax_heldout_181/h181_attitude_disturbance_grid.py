# label: same-values
# flax-error: none
# class: 1 DisturbanceModel.__call__ runs scan itself and calls self.make_rng('disturb') inside the body
"""Spacecraft attitude study: random disturbance torques over a grid of settings.

An experiment runner sweeps torque scale and reaction-wheel damping and records the
disturbance torque sequence that each configuration sees.
"""
import dataclasses
import itertools

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class Setting:
    torque_scale: float
    damping: float

    @property
    def tag(self) -> str:
        return f"scale={self.torque_scale}/damp={self.damping}"


class DisturbanceModel(nn.Module):
    n_steps: int
    dt: float = 0.1

    @nn.compact
    def __call__(self, setting: Setting):
        axis_gain = self.param("axis_gain", nn.initializers.ones, (3,))

        def step(omega, index):
            noise = jax.random.normal(self.make_rng("disturb"), (3,))
            torque = setting.torque_scale * axis_gain * noise
            omega = (1.0 - setting.damping * self.dt) * omega + self.dt * torque
            return omega, torque

        _, torques = scan(step, jnp.zeros((3,)), jnp.arange(self.n_steps))
        return torques


class ExperimentGrid:
    def __init__(self, scales, dampings, n_steps: int = 10, seed: int = 0):
        self.settings = [Setting(s, d) for s, d in itertools.product(scales, dampings)]
        self.model = DisturbanceModel(n_steps)
        self.seed = seed

    def run(self):
        init_rngs = {"params": jax.random.key(self.seed), "disturb": jax.random.key(self.seed + 1)}
        variables = self.model.init(init_rngs, self.settings[0])
        results = {}
        for i, setting in enumerate(self.settings):
            rngs = {"disturb": jax.random.key(100 + i)}
            results[setting.tag] = self.model.apply(variables, setting, rngs=rngs)
        return results


def main():
    results = ExperimentGrid(scales=(0.01, 0.1), dampings=(0.0, 0.5)).run()
    for tag, torques in results.items():
        print(tag, float(jnp.abs(torques).mean()))
    return results
