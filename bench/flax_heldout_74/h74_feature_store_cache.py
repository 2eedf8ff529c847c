# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "hits" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 store object keeps the model and its variables; the scan body calls store.lookup, which applies the model without a mutable cache
"""Feature store that serves embeddings through a Linen model with a hit-count cache."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn


class EmbeddingCache(nn.Module):
    vocab: int = 64
    dim: int = 8

    @nn.compact
    def __call__(self, ids):
        table = nn.Embed(self.vocab, self.dim, name="table")
        hits = self.variable("cache", "hits", lambda: jnp.zeros((self.vocab,), jnp.int32))
        hits.value = hits.value.at[ids].add(1)
        return table(ids)


@dataclasses.dataclass
class FeatureStore:
    model: nn.Module
    variables: dict

    def lookup(self, ids):
        return self.model.apply(self.variables, ids)


def build_store(seed=0):
    model = EmbeddingCache()
    variables = model.init(jax.random.PRNGKey(seed), jnp.zeros((4,), jnp.int32))
    return FeatureStore(model, variables)


def serve(store, request_batches):
    def body(total, ids):
        feats = store.lookup(ids)
        return total + feats.sum(), None

    total, _ = jax.lax.scan(body, jnp.zeros(()), request_batches)
    return total


def main():
    store = build_store()
    requests = jnp.arange(24, dtype=jnp.int32).reshape(6, 4) % 64
    serve(store, requests)
    return None
