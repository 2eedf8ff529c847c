# label: ok
# flax-error: none
# class: 3 simulator.rngs (an nnx.Rngs stream held by one object) drawn once before the scan and split into per-scenario keys fed as xs
"""Avalanche risk: perturbed snowpack scenarios scored by a stability network."""
import dataclasses

import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx


@dataclasses.dataclass(frozen=True)
class SnowpackConfig:
    layers: int = 5
    scenarios: int = 6
    load_noise: float = 0.15


class StabilityNet(nnx.Module):
    def __init__(self, layers: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(layers, 10, rngs=rngs)
        self.out = nnx.Linear(10, 1, rngs=rngs)

    def __call__(self, profile):
        return jax.nn.sigmoid(self.out(nnx.relu(self.enc(profile))))[..., 0]


class SnowpackSimulator:
    def __init__(self, cfg: SnowpackConfig, model: StabilityNet, seed: int):
        self.cfg = cfg
        self.model = model
        self.rngs = nnx.Rngs(perturb=seed)

    def scenario_risks(self, profile):
        keys = jax.random.split(self.rngs.perturb(), self.cfg.scenarios)

        def scenario(carry, key):
            noise = self.cfg.load_noise * jax.random.normal(key, profile.shape)
            return carry, self.model(profile + noise)

        _, risks = lax.scan(scenario, None, keys)
        return risks


def main():
    cfg = SnowpackConfig()
    profile = jnp.linspace(0.2, 1.4, cfg.layers)
    sim = SnowpackSimulator(cfg, StabilityNet(cfg.layers, nnx.Rngs(0)), seed=31)
    return sim.scenario_risks(profile)
