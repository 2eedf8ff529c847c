# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a ModelCache builds and keeps an NNX model from a factory on first get(), which happens inside the scan body; the cached model is used after the loop
"""Scoring job that fetches models from a lazily-populated cache."""
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
