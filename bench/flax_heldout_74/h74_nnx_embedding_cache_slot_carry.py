# label: ok
# flax-error: none
# class: 2 embedding cache module with nnx.Variable subclasses is held by a server object; its state is split, carried by the while_loop, merged in the body and nnx.update'd back
"""Embedding cache in front of a feature encoder, refreshed from a request stream."""
import jax
import jax.numpy as jnp
from flax import nnx


class CacheSlot(nnx.Variable):
    """Cached embedding rows; not trained."""


class CacheValid(nnx.Variable):
    """Which rows of the cache hold a fresh embedding."""


class EmbeddingCache(nnx.Module):
    def __init__(self, size, dim):
        self.rows = CacheSlot(jnp.zeros((size, dim)))
        self.valid = CacheValid(jnp.zeros((size,), bool))

    def put(self, ids, vecs):
        self.rows.value = self.rows.value.at[ids].set(vecs)
        self.valid.value = self.valid.value.at[ids].set(True)


class FeatureEncoder(nnx.Module):
    def __init__(self, vocab, dim, rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.mix = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, ids):
        return self.mix(self.embed(ids))


class EmbeddingServer:
    def __init__(self, vocab=32, dim=8):
        self.encoder = FeatureEncoder(vocab, dim, nnx.Rngs(0))
        self.cache = EmbeddingCache(vocab, dim)

    def warm(self, request_ids):
        graphdef, cache_state = nnx.split(self.cache)

        def cond(carry):
            return carry[0] < request_ids.shape[0]

        def body(carry):
            i, cache_state = carry
            cache = nnx.merge(graphdef, cache_state)
            ids = request_ids[i]
            cache.put(ids, self.encoder(ids))
            return i + 1, nnx.state(cache)

        _, cache_state = jax.lax.while_loop(cond, body, (0, cache_state))
        nnx.update(self.cache, cache_state)


def main():
    server = EmbeddingServer()
    requests = jax.random.randint(jax.random.PRNGKey(1), (5, 4), 0, 32)
    server.warm(requests)
    return None
