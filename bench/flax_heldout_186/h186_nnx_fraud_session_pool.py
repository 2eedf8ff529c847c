# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[11,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scan body merges the carried state through service.pool.checkout(), which caches the merged scorer in pool.sessions; the cached session is used again after the loop
"""Card-fraud scoring service. Each merchant tenant gets a session (a merged copy of the shared
scorer) that adapts its calibration bias online to the tenant's recent transactions."""
from typing import Dict

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class CalibrationBias(nnx.Variable):
    """Per-tenant logit offset, adapted online and excluded from gradient training."""


class FraudScorer(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(n_features, 16, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)
        self.bias = CalibrationBias(jnp.zeros(()))

    def __call__(self, tx):
        return nnx.sigmoid(self.head(nnx.relu(self.trunk(tx)))[:, 0] + self.bias[...])


class SessionPool:
    def __init__(self, prototype: FraudScorer):
        self.graphdef, self.base_state = nnx.split(prototype)
        self.sessions: Dict[str, FraudScorer] = {}

    def checkout(self, tenant: str, state=None):
        if tenant not in self.sessions:
            self.sessions[tenant] = nnx.merge(self.graphdef, self.base_state if state is None else state)
        return self.sessions[tenant]


class ScoringService:
    def __init__(self, pool: SessionPool, target_rate: float = 0.02, step: float = 0.5):
        self.pool = pool
        self.target_rate = target_rate
        self.step = step

    def adapt(self, tenant: str, tx_batches):
        def body(state, tx):
            session = self.pool.checkout(tenant, state)
            scores = session(tx)
            session.bias[...] = session.bias[...] - self.step * (scores.mean() - self.target_rate)
            return nnx.state(session), scores.mean()

        _, rates = scan(body, self.pool.base_state, tx_batches)
        return rates

    def score(self, tenant: str, tx):
        return self.pool.checkout(tenant)(tx)


def main():
    tx_batches = jax.random.normal(jax.random.key(0), (6, 32, 11))
    service = ScoringService(SessionPool(FraudScorer(11, nnx.Rngs(0))))
    service.adapt("merchant-417", tx_batches)
    service.score("merchant-417", tx_batches[0]).block_until_ready()
    return None
