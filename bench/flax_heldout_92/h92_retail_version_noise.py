# label: same-values
# flax-error: none
# class: 3 the planner loads model and variables from a VersionStore and closes over one fixed sampling key in the scan body
"""Retail demand planner: sample weekly demand scenarios from a model loaded from a version store."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class DemandModel(nn.Module):
    skus: int = 6

    @nn.compact
    def __call__(self, feats):
        mu = nn.Dense(self.skus)(feats)
        log_sigma = self.param("log_sigma", nn.initializers.zeros, (self.skus,))
        return mu, jnp.exp(log_sigma)

    def scenario_noise(self, feats):
        mu, sigma = self(feats)
        return sigma * jax.random.normal(self.make_rng("scenario"), mu.shape)


@dataclasses.dataclass
class ModelVersion:
    tag: str
    module: nn.Module
    variables: dict


class VersionStore:
    def __init__(self):
        self._versions = {}

    def publish(self, tag, module, variables):
        self._versions[tag] = ModelVersion(tag, module, variables)

    def load(self, tag):
        return self._versions[tag]


class DemandPlanner:
    def __init__(self, store, tag, seed):
        self.version = store.load(tag)
        self.key = jax.random.key(seed)

    def scenarios(self, feats, weeks):
        v = self.version

        def week(carry, _):
            noise = v.module.apply(v.variables, feats, rngs={"scenario": self.key}, method=type(v.module).scenario_noise)
            return carry, noise

        _, noise = scan(week, None, None, length=weeks)
        return noise


def main():
    model = DemandModel()
    feats = jnp.ones((3, 10))
    store = VersionStore()
    store.publish("2024-w18", model, model.init(jax.random.key(0), feats))
    planner = DemandPlanner(store, "2024-w18", seed=7)
    return planner.scenarios(feats, weeks=8)
