# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 the reranker's document-encoder cache on self is filled from inside the scan body and read again by a later request
"""Search-ranking reranker with a cached document encoder: document embeddings are memoised on the
service by corpus id, and a query batch is reranked with lax.scan over queries."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class DocEncoder(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, docs):
        return nn.LayerNorm()(nn.Dense(self.dim)(docs))


class QueryEncoder(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, q):
        return nn.Dense(self.dim)(q)


class Reranker:
    def __init__(self, n_feat=24, seed=0):
        k1, k2 = jax.random.split(jax.random.key(seed))
        self.doc_enc, self.query_enc = DocEncoder(), QueryEncoder()
        self.doc_params = self.doc_enc.init(k1, jnp.zeros((1, n_feat)))
        self.query_params = self.query_enc.init(k2, jnp.zeros((n_feat,)))
        self._doc_cache = {}

    def _encode_docs(self, corpus_id, docs):
        if corpus_id not in self._doc_cache:
            self._doc_cache[corpus_id] = self.doc_enc.apply(self.doc_params, docs)
        return self._doc_cache[corpus_id]

    def rerank(self, corpus_id, docs, queries, k=3):
        def body(_, q):
            d = self._encode_docs(corpus_id, docs)
            scores = d @ self.query_enc.apply(self.query_params, q)
            return None, lax.top_k(scores, k)[1]

        return lax.scan(body, None, queries)[1]


def main():
    rr = Reranker()
    docs = jax.random.normal(jax.random.key(1), (10, 24))
    q1 = jax.random.normal(jax.random.key(2), (4, 24))
    q2 = jax.random.normal(jax.random.key(3), (4, 24))
    rr.rerank("news-2024", docs, q1).block_until_ready()
    rr.rerank("news-2024", docs, q2).block_until_ready()
    return None
