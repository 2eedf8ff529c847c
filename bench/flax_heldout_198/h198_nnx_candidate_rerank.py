# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 CandidateReranker.rerank_rounds scans over result-page rounds itself and draws Gumbel keys from its own self.rngs.explore stream inside the scan body
"""Product search reranker: the retrieval stage hands over a candidate list; the reranker
scores it against the query and, for interleaving experiments, draws several explored
orderings of the same list."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class CandidateReranker(nnx.Module):
    def __init__(self, feat, hidden, rngs: nnx.Rngs, temperature=0.5):
        self.query_tower = nnx.Linear(feat, hidden, rngs=rngs)
        self.item_tower = nnx.Linear(feat, hidden, rngs=rngs)
        self.cross = nnx.Linear(hidden, 1, rngs=rngs)
        self.rngs = rngs
        self.temperature = temperature

    def score(self, query, candidates):
        q = self.query_tower(query)
        items = self.item_tower(candidates)
        return self.cross(nnx.relu(items * q))[..., 0]

    def rerank_rounds(self, query, candidates, rounds=5):
        scores = self.score(query, candidates)

        def one_round(count, _):
            noise = jax.random.gumbel(self.rngs.explore(), scores.shape)
            return count + 1, jnp.argsort(-(scores / self.temperature + noise))

        _, orders = scan(one_round, 0, None, length=rounds)
        return orders


def retrieve(key, n_candidates=10, feat=6):
    kq, kc = jax.random.split(key)
    return jax.random.normal(kq, (feat,)), jax.random.normal(kc, (n_candidates, feat))


def main():
    query, candidates = retrieve(jax.random.key(0))
    reranker = CandidateReranker(6, 16, nnx.Rngs(params=0, explore=1))
    return reranker.rerank_rounds(query, candidates)
