# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a ranking service keeps an NNX ranker (BatchNorm, Dropout) in its default train mode; the candidate-scoring scan calls self.model on each chunk
import flax.nnx as nnx
import jax
import jax.numpy as jnp
from jax.lax import scan


class Reranker(nnx.Module):
    def __init__(self, dim, hidden, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(2 * dim, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.head = nnx.Linear(hidden, 1, rngs=rngs)

    def __call__(self, user, items):
        pair = jnp.concatenate([jnp.broadcast_to(user, items.shape), items], axis=-1)
        return self.head(self.drop(nnx.relu(self.norm(self.proj(pair)))))[..., 0]


class CandidateSource:
    def __init__(self, catalog, chunk):
        self.catalog, self.chunk = catalog, chunk

    def chunks(self):
        return self.catalog.reshape(-1, self.chunk, self.catalog.shape[-1])


class RankingService:
    def __init__(self, model: Reranker, source: CandidateSource, top_k=3):
        self.model, self.source, self.top_k = model, source, top_k

    def rerank(self, user):
        def body(best, items):
            scores = self.model(user, items)
            return jnp.maximum(best, scores.max()), jax.lax.top_k(scores, self.top_k)[1]

        _, picks = scan(body, -jnp.inf, self.source.chunks())
        return picks


def main():
    catalog = jax.random.normal(jax.random.key(1), (32, 6))
    user = jax.random.normal(jax.random.key(2), (6,))
    service = RankingService(Reranker(6, 16, rngs=nnx.Rngs(0)), CandidateSource(catalog, chunk=8))
    service.rerank(user)
    return None
