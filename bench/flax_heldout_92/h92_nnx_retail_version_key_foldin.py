# label: ok
# flax-error: none
# class: 3 a planner restores an NNX model from a VersionStore (graphdef + state) and draws one key from its nnx.Rngs before the scan; the body folds the week index into it
"""Retail demand planner: NNX demand model restored from a version store samples weekly scenarios."""
import jax
import jax.numpy as jnp
from flax import nnx


class DemandNet(nnx.Module):
    def __init__(self, din, skus, *, rngs):
        self.mu = nnx.Linear(din, skus, rngs=rngs)
        self.log_sigma = nnx.Param(jnp.zeros((skus,)))

    def noise(self, feats, key):
        mu = self.mu(feats)
        return jnp.exp(self.log_sigma[...]) * jax.random.normal(key, mu.shape)


class VersionStore:
    def __init__(self):
        self._blobs = {}

    def save(self, tag, model):
        self._blobs[tag] = nnx.split(model)

    def restore(self, tag):
        graphdef, state = self._blobs[tag]
        return nnx.merge(graphdef, state)


class ScenarioPlanner:
    def __init__(self, store, tag, seed):
        self.model = store.restore(tag)
        self.rngs = nnx.Rngs(scenario=seed)

    def plan(self, feats, weeks):
        key = self.rngs.scenario()

        def week(carry, t):
            return carry, self.model.noise(feats, jax.random.fold_in(key, t))

        _, noise = jax.lax.scan(week, None, jnp.arange(weeks))
        return noise


def main():
    store = VersionStore()
    store.save("v12", DemandNet(10, 6, rngs=nnx.Rngs(0)))
    planner = ScenarioPlanner(store, "v12", seed=4)
    return planner.plan(jnp.ones((3, 10)), weeks=8)
