# label: ok
# flax-error: none
# class: 4 the wrapper takes one key from the reranker's nnx.Rngs stream and folds in the step index passed to the scan as xs
"""Search-ranking reranker with cached document encodings: an uncertainty wrapper scores the
candidates several times with MC feature-dropout masks (key folded with the step) and returns the
masks for auditing."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class CachedReranker(nnx.Module):
    def __init__(self, dim, rngs: nnx.Rngs):
        self.enc = nnx.Linear(dim, dim, rngs=rngs)
        self.rngs = rngs
        self.doc_cache = nnx.Cache(jnp.zeros((0, dim)))

    def encode_docs(self, docs):
        self.doc_cache.value = self.enc(docs)

    def score(self, q, mask):
        return (self.doc_cache.value * mask) @ q


class UncertaintyWrapper:
    def __init__(self, model: CachedReranker, rate=0.2):
        self.model = model
        self.rate = rate

    def sample_masks(self, q, n):
        key = self.model.rngs.dropout()
        dim = q.shape[-1]

        def body(_, i):
            mask = jax.random.bernoulli(jax.random.fold_in(key, i), 1 - self.rate, (dim,))
            mask = mask.astype(q.dtype)
            self.model.score(q, mask)
            return None, mask

        return lax.scan(body, None, jnp.arange(n))[1]


def main():
    model = CachedReranker(16, nnx.Rngs(params=0, dropout=1))
    model.encode_docs(jax.random.normal(jax.random.key(2), (10, 16)))
    wrapper = UncertaintyWrapper(model)
    return wrapper.sample_masks(jax.random.normal(jax.random.key(3), (16,)), 5)
