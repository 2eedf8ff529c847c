# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a FeatureStore holds encoder.bind(variables); the EmbeddingRefresher reaches it through store.encoder() inside fori_loop
"""Feature store: nightly refresh of the item-embedding table.

The store keeps the encoder bound to its variables so online lookups can call it directly; the
refresher re-encodes every shard of raw item features with lax.fori_loop and writes the rows
into the embedding table.
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
        self._bound = encoder.bind(variables)
        self.dim = encoder.dim

    def encoder(self):
        return self._bound


class EmbeddingRefresher:
    def __init__(self, store: FeatureStore):
        self.store = store

    def refresh(self, shards):
        n_shards, rows, _ = shards.shape
        table = jnp.zeros((n_shards, rows, self.store.dim))

        def encode_shard(i, table):
            emb = self.store.encoder()(shards[i])
            return table.at[i].set(emb)

        return lax.fori_loop(0, n_shards, encode_shard, table)


def main():
    shards = jax.random.normal(jax.random.key(0), (4, 5, 6))
    encoder = ItemEncoder()
    variables = encoder.init(jax.random.key(1), shards[0])
    store = FeatureStore(encoder, variables)
    table = EmbeddingRefresher(store).refresh(shards)
    table.block_until_ready()
    return None
