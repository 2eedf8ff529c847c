# label: ok
# flax-error: none
# class: 4 a FeatureStore holds the encoder and its variables; the EmbeddingRefresher threads store.batch_stats through the fori_loop carry
"""Feature store: nightly refresh of the item-embedding table.

The store keeps the encoder and its variables; the refresher re-encodes every shard of raw item
features with lax.fori_loop, carrying the batch statistics from shard to shard, and hands the
updated statistics back to the store.
"""
import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class ItemEncoder(nn.Module):
    dim: int = 8

    @nn.compact
    def __call__(self, rows):
        h = nn.Dense(self.dim)(rows)
        h = nn.BatchNorm(use_running_average=False, momentum=0.95)(h)
        return jnp.tanh(h)


class FeatureStore:
    def __init__(self, encoder: nn.Module, variables):
        self.module = encoder
        self.params = variables["params"]
        self.batch_stats = variables["batch_stats"]
        self.dim = encoder.dim

    def encode(self, rows, batch_stats):
        out, updates = self.module.apply(
            {"params": self.params, "batch_stats": batch_stats}, rows, mutable=["batch_stats"]
        )
        return out, updates["batch_stats"]


class EmbeddingRefresher:
    def __init__(self, store: FeatureStore):
        self.store = store

    def refresh(self, shards):
        n_shards, rows, _ = shards.shape
        table = jnp.zeros((n_shards, rows, self.store.dim))

        def encode_shard(i, state):
            table, stats = state
            emb, stats = self.store.encode(shards[i], stats)
            return table.at[i].set(emb), stats

        table, stats = lax.fori_loop(0, n_shards, encode_shard, (table, self.store.batch_stats))
        self.store.batch_stats = stats
        return table


def main():
    shards = jax.random.normal(jax.random.key(0), (4, 5, 6))
    encoder = ItemEncoder()
    variables = encoder.init(jax.random.key(1), shards[0])
    store = FeatureStore(encoder, variables)
    table = EmbeddingRefresher(store).refresh(shards)
    table.block_until_ready()
    return None
