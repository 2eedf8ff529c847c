# label: ok
# flax-error: none
# class: 5 an EmbeddingService keeps functools.partial(model.apply, variables) and an LRU cache; the pick-path scan body calls the uncached partial and returns the dock embedding as ys, which is cached after the loop
"""Warehouse pick-path scoring with a cached bin-location encoder.

The encoder embeds storage-bin features. The service wraps `model.apply` with its
variables in a partial and memoizes embeddings by bin label in a small LRU cache that
evicts the least recently used entry. The path scorer computes the dock embedding inside
the scan without touching the cache, returns it per step, and fills the cache afterwards.
"""
import functools
from collections import OrderedDict

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


class BinEncoder(nn.Module):
    dim: int = 4

    @nn.compact
    def __call__(self, feats):
        return nn.Dense(self.dim)(nn.gelu(nn.Dense(8)(feats)))


class LRUCache:
    def __init__(self, capacity: int):
        self.capacity = capacity
        self._items: OrderedDict = OrderedDict()

    def get(self, key):
        if key not in self._items:
            return None
        self._items.move_to_end(key)
        return self._items[key]

    def put(self, key, value) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.capacity:
            self._items.popitem(last=False)


class EmbeddingService:
    def __init__(self, model, variables, cache: LRUCache):
        self._embed = functools.partial(model.apply, variables)
        self.cache = cache

    def embed_uncached(self, feats):
        return self._embed(feats)

    def embed(self, label: str, feats):
        hit = self.cache.get(label)
        if hit is not None:
            return hit
        out = self._embed(feats)
        self.cache.put(label, out)
        return out


class PickPathScorer:
    def __init__(self, service: EmbeddingService, dock_feats):
        self.service = service
        self.dock_feats = dock_feats

    def score(self, stop_embeddings):
        def body(total, stop):
            dock = self.service.embed_uncached(self.dock_feats)
            return total + jnp.sum((stop - dock) ** 2), dock

        total, docks = scan(body, jnp.zeros(()), stop_embeddings)
        self.service.cache.put("dock-A", docks[-1])
        return total


def main():
    model = BinEncoder()
    variables = model.init(jax.random.key(0), jnp.ones((5,)))
    service = EmbeddingService(model, variables, LRUCache(capacity=2))
    dock_feats = jnp.linspace(0.0, 1.0, 5)
    stops = jax.random.normal(jax.random.key(1), (7, 4))
    PickPathScorer(service, dock_feats).score(stops)
    # a later request for the dock is served from the cache
    dock = service.embed("dock-A", dock_feats)
    print("dock norm", jnp.linalg.norm(dock))
    return None
