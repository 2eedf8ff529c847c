# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 an NNX recommender whose nnx.Dropout draws from its own Rngs stream, reached via RecService.ranker.model in a scan body
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

    def top1(self, user_ids, candidates):
        return jnp.argmax(self.model(user_ids, candidates), axis=-1)


class RecService:
    def __init__(self, n_users=20, n_items=50, dim=8, seed=0):
        self.ranker = Ranker(MatrixFactorization(n_users, n_items, dim, rngs=nnx.Rngs(seed, dropout=seed + 1)))

    def serve(self, request_stream):
        def body(served, request):
            users, candidates = request
            return served + 1, self.ranker.top1(users, candidates)

        return jax.lax.scan(body, 0, request_stream)


def main():
    users = jnp.arange(12, dtype=jnp.int32).reshape(3, 4) % 20
    candidates = jnp.arange(3 * 4 * 5, dtype=jnp.int32).reshape(3, 4, 5) % 50
    service = RecService()
    service.serve((users, candidates))
    return None
