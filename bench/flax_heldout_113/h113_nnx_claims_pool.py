# label: same-values
# flax-error: none
# class: 4 TriageService -> SessionPool.acquire() returns nnx.clone of the pool's template (with its Rngs) inside the scan body
"""Insurance claim triage: each scoring request gets its own clone of the template model from
a session pool; the uncertainty of a claim is estimated by scoring it several times with
Monte-Carlo dropout."""
import jax
import jax.numpy as jnp
from flax import nnx


class FraudScorer(nnx.Module):
    def __init__(self, features, *, rngs: nnx.Rngs):
        self.hidden = nnx.Linear(features, 48, rngs=rngs)
        self.drop = nnx.Dropout(0.3, rngs=rngs)
        self.out = nnx.Linear(48, 1, rngs=rngs)

    def __call__(self, claim):
        return nnx.sigmoid(self.out(self.drop(nnx.gelu(self.hidden(claim)))))[0]


class SessionPool:
    """Hands out per-request copies so that concurrent requests never share mutable state."""

    def __init__(self, template, base_seed=0):
        self.template = template
        self.base_key = jax.random.key(base_seed)
        self.issued = 0

    def acquire(self):
        self.issued += 1
        return nnx.clone(self.template)


class TriageService:
    def __init__(self, pool, passes=10):
        self.pool = pool
        self.passes = passes

    def score_with_uncertainty(self, claim):
        def one_pass(i, _):
            session = self.pool.acquire()
            return i + 1, session(claim)

        _, scores = jax.lax.scan(one_pass, 0, None, length=self.passes)
        return scores


def main():
    template = FraudScorer(12, rngs=nnx.Rngs(params=0, dropout=1))
    service = TriageService(SessionPool(template))
    claim = jax.random.normal(jax.random.key(5), (12,))
    scores = service.score_with_uncertainty(claim)
    return scores
