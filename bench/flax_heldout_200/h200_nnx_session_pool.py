# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[10,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 SessionPool.get builds a FraudScorer through a factory on first use, inside the scan body, and caches it in the pool
"""Card-fraud scoring service holding a pool of per-merchant model sessions created on demand."""
from typing import Callable

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class FraudScorer(nnx.Module):
    def __init__(self, features: int, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(features, 16, rngs=rngs)
        self.l2 = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, txns):
        return jax.nn.sigmoid(self.l2(nnx.relu(self.l1(txns)))).squeeze(-1)


def scorer_factory(features: int) -> Callable[[int], FraudScorer]:
    def build(merchant_id: int) -> FraudScorer:
        return FraudScorer(features, nnx.Rngs(params=merchant_id))

    return build


class SessionPool:
    def __init__(self, factory: Callable[[int], FraudScorer]):
        self.factory = factory
        self.sessions: dict[int, FraudScorer] = {}

    def get(self, merchant_id: int) -> FraudScorer:
        if merchant_id not in self.sessions:
            self.sessions[merchant_id] = self.factory(merchant_id)
        return self.sessions[merchant_id]


class ScoringService:
    def __init__(self, pool: SessionPool, threshold: float = 0.6):
        self.pool = pool
        self.threshold = threshold

    def score_stream(self, merchant_id: int, batches):
        def score(flagged, txns):
            risk = self.pool.get(merchant_id)(txns)
            return flagged + jnp.sum(risk > self.threshold), risk

        return lax.scan(score, jnp.zeros((), jnp.int32), batches)

    def score_one(self, merchant_id: int, txns):
        return self.pool.get(merchant_id)(txns)


def main():
    batches = jax.random.normal(jax.random.key(12), (5, 8, 10))
    service = ScoringService(SessionPool(scorer_factory(10)))
    flagged, _ = service.score_stream(merchant_id=7, batches=batches)
    late = service.score_one(7, batches[0])
    print("flagged", int(flagged), "late max risk", float(late.max()))
    return None
