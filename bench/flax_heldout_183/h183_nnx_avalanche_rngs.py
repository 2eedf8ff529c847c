# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 simulator.rngs (an nnx.Rngs stream held by one object) called inside the scan body to perturb each scenario
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
        def scenario(carry, _):
            noise = self.cfg.load_noise * jax.random.normal(self.rngs.perturb(), profile.shape)
            return carry, self.model(profile + noise)

        _, risks = lax.scan(scenario, None, None, length=self.cfg.scenarios)
        return risks


def main():
    cfg = SnowpackConfig()
    profile = jnp.linspace(0.2, 1.4, cfg.layers)
    sim = SnowpackSimulator(cfg, StabilityNet(cfg.layers, nnx.Rngs(0)), seed=31)
    return sim.scenario_risks(profile)
