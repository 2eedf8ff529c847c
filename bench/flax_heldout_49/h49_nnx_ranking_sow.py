# label: trace-context
# flax-error: TraceContextError: Cannot mutate 'Reranker' from different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 1 a Reranker's score method sows per-page scores with self.sow(nnx.Intermediate, ...) from inside a jax.checkpoint-wrapped raw scan body over result pages
"""Ranking service: rerank result pages, keeping the per-page scores as intermediates for the
debugging dashboard."""
import jax
import jax.numpy as jnp
from flax import nnx


class Reranker(nnx.Module):
    def __init__(self, dim, rngs):
        self.query = nnx.Linear(dim, dim, rngs=rngs)
        self.doc = nnx.Linear(dim, dim, rngs=rngs)

    def score_pages(self, q, pages):
        qv = self.query(q)

        @jax.checkpoint
        def body(carry, page):
            scores = self.doc(page) @ qv
            self.sow(nnx.Intermediate, "page_scores", scores)
            return jnp.maximum(carry, scores.max()), jnp.argsort(-scores)

        best, order = jax.lax.scan(body, -jnp.inf, pages)
        return best, order


class RankingService:
    def __init__(self, model):
        self.model = model

    def handle(self, q, pages):
        best, order = self.model.score_pages(q, pages)
        debug = nnx.pop(self.model, nnx.Intermediate)
        return order, debug


def main():
    pages = jax.random.normal(jax.random.key(0), (4, 10, 8))
    q = jax.random.normal(jax.random.key(1), (8,))
    RankingService(Reranker(8, nnx.Rngs(0))).handle(q, pages)
    return None
