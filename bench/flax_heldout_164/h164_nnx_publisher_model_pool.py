# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 FeedRankingService -> TenantModelPool caches the module nnx.merge'd from the scan carry on first use, reused after the scan
"""News feed ranking for many publishers: one ranker state per tenant, served from a pool.

The pool rebuilds a tenant's ranker from (graphdef, state) on first use and keeps it; the
service re-scores a tenant's article stream with a raw scan that carries the ranker state
(its click-through counter advances per batch), then serves the final ranking.
"""
import jax
import jax.numpy as jnp
from flax import nnx


class Impressions(nnx.Variable):
    pass


class FeedRanker(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.score = nnx.Linear(n_features, 1, rngs=rngs)
        self.seen = Impressions(jnp.zeros(()))

    def __call__(self, articles):
        self.seen.value = self.seen.value + articles.shape[0]
        return self.score(articles)[:, 0]


class TenantModelPool:
    def __init__(self, graphdef):
        self.graphdef = graphdef
        self._live = {}

    def checkout(self, tenant: str, state=None):
        if tenant not in self._live:
            self._live[tenant] = nnx.merge(self.graphdef, state)
        return self._live[tenant]


class FeedRankingService:
    def __init__(self, ranker: FeedRanker):
        self.graphdef, self.state = nnx.split(ranker)
        self.pool = TenantModelPool(self.graphdef)

    def rescore(self, tenant: str, stream):
        def batch(state, articles):
            ranker = self.pool.checkout(tenant, state)
            scores = ranker(articles)
            return nnx.state(ranker), scores.max()

        self.state, best = jax.lax.scan(batch, self.state, stream)
        return best

    def serve(self, tenant: str, articles):
        return jnp.argsort(-self.pool.checkout(tenant)(articles))


def main():
    service = FeedRankingService(FeedRanker(7, nnx.Rngs(0)))
    stream = jax.random.normal(jax.random.key(50), (5, 10, 7))
    service.rescore("daily-courier", stream)
    ranking = service.serve("daily-courier", stream[-1])
    print("front page", ranking[:3])
    return None
