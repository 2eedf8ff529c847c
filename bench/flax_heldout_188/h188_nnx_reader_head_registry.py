# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body asks self.registry for the reader's head; on first sight the registry calls a head factory, so the nnx.Linear is created inside the body and cached past the loop
"""Personalised news ranking: a shared article encoder plus a small head per reader; heads are
created by a factory the first time a reader is seen and cached in a registry."""
import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class ArticleEncoder(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(features, 16, rngs=rngs)

    def __call__(self, articles):
        return nnx.gelu(self.proj(articles))


class ReaderHead(nnx.Module):
    def __init__(self, reader_id: int):
        self.affinity = nnx.Linear(16, 1, rngs=nnx.Rngs(reader_id))

    def __call__(self, embeddings):
        return self.affinity(embeddings)[..., 0]


def head_factory():
    def create(reader_id: int) -> ReaderHead:
        return ReaderHead(reader_id)

    return create


class HeadRegistry:
    def __init__(self, factory):
        self.factory = factory
        self.heads = {}

    def get(self, reader_id: int) -> ReaderHead:
        if reader_id not in self.heads:
            self.heads[reader_id] = self.factory(reader_id)
        return self.heads[reader_id]


class FeedRanker:
    def __init__(self, encoder, registry):
        self.encoder = encoder
        self.registry = registry

    def rank_session(self, reader_id: int, pages):
        def page(carry, articles):
            scores = self.registry.get(reader_id)(self.encoder(articles))
            return carry, jnp.argsort(-scores)

        _, order = lax.scan(page, None, pages)
        return order

    def rank_now(self, reader_id: int, articles):
        return jnp.argsort(-self.registry.get(reader_id)(self.encoder(articles)))


def main():
    ranker = FeedRanker(ArticleEncoder(10, nnx.Rngs(0)), HeadRegistry(head_factory()))
    pages = jax.random.normal(jax.random.key(23), (4, 6, 10))
    ranker.rank_session(reader_id=314, pages=pages)
    ranker.rank_now(314, pages[0])
    return None
