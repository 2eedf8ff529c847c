# label: same-values
# flax-error: none
# class: 4 the scan body of ScenarioPlanner.sample calls self.sampler.model and uses one key drawn from self.sampler.rngs before the loop at every step
"""Incident response planning: sample incident severities per road segment for what-if scenarios."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclass(frozen=True)
class PlannerConfig:
    segments: int = 4
    scenarios: int = 5
    temperature: float = 0.5


class SeverityModel(nnx.Module):
    def __init__(self, segments: int, rngs: nnx.Rngs):
        self.head = nnx.Linear(segments, segments, rngs=rngs)

    def __call__(self, features):
        return self.head(features)


class IncidentSampler:
    def __init__(self, cfg: PlannerConfig, seed: int = 0):
        self.rngs = nnx.Rngs(params=seed, incidents=seed + 1)
        self.model = SeverityModel(cfg.segments, self.rngs)


class ScenarioPlanner:
    def __init__(self, sampler: IncidentSampler, cfg: PlannerConfig):
        self.sampler = sampler
        self.cfg = cfg

    def sample(self, features):
        key = self.sampler.rngs.incidents()

        def scenario(carry, index):
            noise = self.cfg.temperature * jax.random.gumbel(key, features.shape)
            return carry, nnx.sigmoid(self.sampler.model(features) + noise)

        _, severities = scan(scenario, None, jnp.arange(self.cfg.scenarios))
        return severities


def main():
    cfg = PlannerConfig()
    planner = ScenarioPlanner(IncidentSampler(cfg), cfg)
    features = jnp.array([0.2, 0.9, 0.4, 0.1])
    return planner.sample(features)
