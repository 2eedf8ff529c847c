# label: ok
# flax-error: none
# class: 3 build_index scan body calls the eval-mode encoder captured from outside the loop directly, which only reads its Variables
"""Dense passage retrieval: a small bi-encoder embeds document shards into an index."""
import jax
import jax.numpy as jnp
from flax import nnx


class TowerEncoder(nnx.Module):
    def __init__(self, vocab, dim, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.proj = nnx.Linear(dim, dim, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)

    def __call__(self, token_ids):
        h = self.embed(token_ids).mean(axis=-2)
        h = self.proj(self.drop(h))
        return h / jnp.linalg.norm(h, axis=-1, keepdims=True)


class BiEncoder(nnx.Module):
    def __init__(self, vocab=50, dim=16, *, rngs: nnx.Rngs):
        self.query_tower = TowerEncoder(vocab, dim, rngs)
        self.doc_tower = TowerEncoder(vocab, dim, rngs)


@nnx.jit
def encode(tower, token_ids):
    return tower(token_ids)


def build_index(tower, shards):
    def body(carry, shard):
        return carry, tower(shard)

    _, embs = jax.lax.scan(body, None, shards)
    return embs.reshape(-1, embs.shape[-1])


def search(model, queries, index, k=3):
    q = encode(model.query_tower, queries)
    return jax.lax.top_k(q @ index.T, k)[1]


def main():
    model = BiEncoder(rngs=nnx.Rngs(0, dropout=1))
    model.eval()
    docs = jax.random.randint(jax.random.key(2), (3, 4, 6), 0, 50)
    index = build_index(model.doc_tower, docs)
    queries = jax.random.randint(jax.random.key(3), (2, 6), 0, 50)
    print("top docs", search(model, queries, index))
    return None
