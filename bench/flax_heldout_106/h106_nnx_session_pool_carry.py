# label: ok
# flax-error: none
# class: 4 IntentService.pool hands out per-call copies made with nnx.merge from the carried state; the final carried state leaves the loop and is merged and released into pool.idle after it
"""Contact centre: route each caller turn to an intent, one model copy per live call."""
import jax
import jax.numpy as jnp
from flax import nnx


class IntentRouter(nnx.Module):
    def __init__(self, dim: int, intents: int, *, rngs: nnx.Rngs):
        self.enc = nnx.Linear(dim, 16, rngs=rngs)
        self.head = nnx.Linear(16, intents, rngs=rngs)
        self.context = nnx.Cache(jnp.zeros(16))

    def __call__(self, utterance):
        h = jnp.tanh(self.enc(utterance) + 0.5 * self.context.value)
        self.context.value = h
        return self.head(h)


class SessionPool:
    """Keeps warm per-call copies so a new call does not rebuild the graph."""

    def __init__(self, template: IntentRouter):
        self.graphdef, self.base_state = nnx.split(template)
        self.idle = []

    def acquire(self, state):
        return nnx.merge(self.graphdef, state)

    def release(self, session):
        self.idle.append(session)

    def health_check(self, probe):
        return [jnp.argmax(session(probe)) for session in self.idle]


class IntentService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def handle_call(self, utterances):
        def turn(state, utterance):
            session = self.pool.acquire(state)
            logits = session(utterance)
            return nnx.state(session), jnp.argmax(logits)

        final, intents = jax.lax.scan(turn, self.pool.base_state, utterances)
        self.pool.release(self.pool.acquire(final))
        return intents


def main():
    service = IntentService(SessionPool(IntentRouter(12, 5, rngs=nnx.Rngs(0))))
    call = jax.random.normal(jax.random.key(1), (7, 12))
    print("intents", service.handle_call(call))
    print("health", service.pool.health_check(call[0]))
