# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[5,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body asks an LRU model cache for a lace style; a miss runs model.init inside the body and the cache keeps the result
"""Lace-pattern scoring with a small LRU cache of initialised models.

Every lace style (torchon, Bucks point, Honiton) has its own ground-stitch scorer. Models are
initialised lazily on first use and the least recently used one is evicted.
"""
import collections

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.lax import scan

STYLE_WIDTHS = {"torchon": 4, "bucks_point": 6, "honiton": 8}


class GroundStitchScorer(nn.Module):
    width: int

    @nn.compact
    def __call__(self, pricking):
        h = nn.tanh(nn.Dense(self.width)(pricking))
        return nn.Dense(1)(h).squeeze(-1)


class ModelCache:
    def __init__(self, capacity: int, seed: int = 0):
        self.capacity = capacity
        self.seed = seed
        self._entries = collections.OrderedDict()

    def get(self, style: str, sample):
        if style in self._entries:
            self._entries.move_to_end(style)
            return self._entries[style]
        model = GroundStitchScorer(STYLE_WIDTHS[style])
        variables = model.init(jax.random.key(self.seed), sample)
        self._entries[style] = (model, variables)
        if len(self._entries) > self.capacity:
            self._entries.popitem(last=False)
        return model, variables


class PatternScorer:
    def __init__(self, cache: ModelCache):
        self.cache = cache

    def score_card(self, style: str, rows):
        def body(total, row):
            model, variables = self.cache.get(style, row)
            score = model.apply(variables, row)
            return total + score, score

        return scan(body, 0.0, rows)


def main():
    cache = ModelCache(capacity=2)
    scorer = PatternScorer(cache)
    cache.get("torchon", jnp.zeros(5))  # warmed at start-up
    rows = jax.random.uniform(jax.random.key(3), (6, 5))
    total, _ = scorer.score_card("bucks_point", rows)
    model, variables = cache.get("bucks_point", rows[0])
    print("card total", float(total), "first row", float(model.apply(variables, rows[0])))
    return None
