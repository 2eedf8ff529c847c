# label: ok
# flax-error: none
# class: 5 an NNX recommender reached via RecService.ranker.model, given a per-request dropout key that arrives as scan xs
"""Recommendation service: rank candidate items for a batch of users with an embedding-table model."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class MatrixFactorization(nnx.Module):
    def __init__(self, n_users, n_items, dim, *, rngs: nnx.Rngs):
        self.users = nnx.Embed(n_users, dim, rngs=rngs)
        self.items = nnx.Embed(n_items, dim, rngs=rngs)
        self.dropout = nnx.Dropout(0.2, rngs=rngs)

    def __call__(self, user_ids, item_ids, rngs=None):
        u = self.dropout(self.users(user_ids), rngs=rngs)
        return jnp.einsum("bd,bkd->bk", u, self.items(item_ids))


class Ranker:
    def __init__(self, model):
        self.model = model

    def top1(self, user_ids, candidates, key):
        return jnp.argmax(self.model(user_ids, candidates, rngs=key), axis=-1)


class RecService:
    def __init__(self, n_users=20, n_items=50, dim=8, seed=0):
        self.seed = seed
        self.ranker = Ranker(MatrixFactorization(n_users, n_items, dim, rngs=nnx.Rngs(seed, dropout=seed + 1)))

    def serve(self, request_stream):
        users_all, _ = request_stream
        keys = jax.random.split(jax.random.key(self.seed + 100), users_all.shape[0])

        def body(served, request):
            users, candidates, key = request
            return served + 1, self.ranker.top1(users, candidates, key)

        return jax.lax.scan(body, 0, (*request_stream, keys))


def main():
    users = jnp.arange(12, dtype=jnp.int32).reshape(3, 4) % 20
    candidates = jnp.arange(3 * 4 * 5, dtype=jnp.int32).reshape(3, 4, 5) % 50
    service = RecService()
    service.serve((users, candidates))
    return None
