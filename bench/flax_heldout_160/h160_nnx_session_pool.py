# label: trace-context
# flax-error: TraceContextError: Cannot mutate BatchStat from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the IntentService checks a Session out of its SessionPool and calls session.model, still in training mode, inside the scan body over utterances
"""Call-centre intent classification served from a pool of warm sessions.

Each session owns a copy of the intent model (built with BatchNorm and Dropout because the
same class is used for training). The service checks a session out of the pool, scans over
the utterance embeddings of a call and returns the session when done.
"""
import collections

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class IntentModel(nnx.Module):
    def __init__(self, dim: int, intents: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(dim, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.head = nnx.Linear(16, intents, rngs=rngs)

    def __call__(self, x):
        return self.head(self.drop(nnx.relu(self.norm(self.proj(x)))))


class Session:
    def __init__(self, session_id: int, model: IntentModel):
        self.session_id = session_id
        self.model = model
        self.requests_served = 0


class SessionPool:
    def __init__(self, size: int, factory):
        self._idle = collections.deque(Session(i, factory(i)) for i in range(size))

    def checkout(self) -> Session:
        return self._idle.popleft()

    def release(self, session: Session) -> None:
        session.requests_served += 1
        self._idle.append(session)


class IntentService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def classify_call(self, utterances):
        session = self.pool.checkout()
        try:
            def body(votes, utt):
                logits = session.model(utt[None, :])
                return votes + jax.nn.one_hot(logits.argmax(-1)[0], logits.shape[-1]), None

            votes, _ = lax.scan(body, jnp.zeros((4,)), utterances)
        finally:
            self.pool.release(session)
        return votes.argmax()


def main():
    pool = SessionPool(2, lambda i: IntentModel(8, 4, nnx.Rngs(i)))
    service = IntentService(pool)
    service.classify_call(jax.random.normal(jax.random.key(3), (5, 8)))
    return None
