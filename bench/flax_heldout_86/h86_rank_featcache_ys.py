# label: ok
# flax-error: none
# class: 5 item embeddings leave the scan as stacked ys and are written into the Python feature cache after the loop
"""E-commerce ranking service: embeds catalog shards, caches item features, then scores a query."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ItemTower(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, feats):
        return nn.Dense(self.dim)(nn.gelu(nn.Dense(32)(feats)))


class FeatureCache:
    def __init__(self):
        self._store = {}

    def put(self, shard, emb):
        self._store[shard] = emb

    def all(self):
        return jnp.concatenate([self._store[k] for k in sorted(self._store)], axis=0)


class RankingService:
    def __init__(self):
        self.tower = ItemTower()
        self.params = self.tower.init(jax.random.PRNGKey(0), jnp.zeros((1, 10)))
        self.cache = FeatureCache()
        self.apply_fn = jax.jit(self.tower.apply)

    def warm_cache(self, shards):
        def body(shard_id, feats):
            emb = self.tower.apply(self.params, feats)
            return shard_id + 1, emb
        _, embs = jax.lax.scan(body, 0, shards)
        for i in range(embs.shape[0]):
            self.cache.put(i, embs[i])

    def rank(self, query):
        scores = self.cache.all() @ query
        return jnp.argsort(-scores)[:5]


def main():
    svc = RankingService()
    svc.warm_cache(jax.random.normal(jax.random.PRNGKey(1), (3, 8, 10)))
    svc.rank(jnp.ones((16,))).block_until_ready()
    return None
