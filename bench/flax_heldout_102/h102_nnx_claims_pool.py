# label: trace-context
# flax-error: TraceContextError: Cannot mutate ClaimMemory from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the scan body calls session.model for a session taken from the TriageService's SessionPool; the model writes its ClaimMemory (an nnx.Variable subclass)
"""Insurance claims triage service: a pool of warm sessions routes claims to fast-track, review or SIU."""
from __future__ import annotations

import jax
import jax.numpy as jnp
from flax import nnx

ROUTES = ("fast_track", "adjuster_review", "special_investigation")


class ClaimMemory(nnx.Variable):
    """Exponentially smoothed profile of the claims a session has seen."""


class TriageModel(nnx.Module):
    def __init__(self, n_features: int, rngs: nnx.Rngs):
        self.memory = ClaimMemory(jnp.zeros((n_features,)))
        self.score = nnx.Linear(2 * n_features, len(ROUTES), rngs=rngs)

    def __call__(self, claim):
        self.memory[...] = 0.9 * self.memory[...] + 0.1 * claim
        return self.score(jnp.concatenate([claim, claim - self.memory[...]]))


class Session:
    def __init__(self, model: TriageModel):
        self.model = model
        self.busy = False


class SessionPool:
    def __init__(self, factory, size: int):
        self.sessions = [Session(factory(i)) for i in range(size)]

    def acquire(self) -> Session:
        for session in self.sessions:
            if not session.busy:
                session.busy = True
                return session
        raise RuntimeError("no free session")

    def release(self, session: Session) -> None:
        session.busy = False


class TriageService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def triage(self, claims):
        session = self.pool.acquire()
        try:
            def body(carry, claim):
                logits = session.model(claim)
                return carry, jnp.argmax(logits)

            _, routes = jax.lax.scan(body, None, claims)
        finally:
            self.pool.release(session)
        return routes


def main():
    pool = SessionPool(lambda i: TriageModel(5, nnx.Rngs(i)), size=2)
    service = TriageService(pool)
    claims = jax.random.normal(jax.random.key(3), (7, 5))
    service.triage(claims)
    return None
