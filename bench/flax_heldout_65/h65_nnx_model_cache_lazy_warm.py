# label: ok
# flax-error: none
# class: 4 a ModelCache builds the NNX model from its factory when the job starts, before the scan body fetches it
"""Scoring job that fetches models from a cache warmed before the loop."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


def make_scorer(seed):
    return nnx.Sequential(
        nnx.Linear(4, 8, rngs=nnx.Rngs(seed)),
        nnx.relu,
        nnx.Linear(8, 1, rngs=nnx.Rngs(seed + 1)),
    )


class ModelCache:
    def __init__(self, factories):
        self.factories = factories
        self._cache = {}

    def get(self, name):
        if name not in self._cache:
            self._cache[name] = self.factories[name]()
        return self._cache[name]


class ScoringJob:
    def __init__(self, cache: ModelCache, model_name: str):
        self.cache = cache
        self.model_name = model_name

    def score(self, batches):
        self.cache.get(self.model_name)  # warm the cache outside any trace

        def body(carry, batch):
            model = self.cache.get(self.model_name)
            return carry, model(batch).squeeze(-1)

        _, scores = jax.lax.scan(body, None, batches)
        return scores


def main():
    cache = ModelCache({"churn": lambda: make_scorer(0)})
    batches = jnp.ones((3, 5, 4))
    ScoringJob(cache, "churn").score(batches)
    cache.get("churn")(batches[0]).block_until_ready()
    return None
