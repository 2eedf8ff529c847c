# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 IntentService.pool hands out per-call copies made with nnx.merge from the carried state; the scan body releases each copy into pool.idle, which is used after the loop
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
            self.pool.release(session)
            return nnx.state(session), jnp.argmax(logits)

        _, intents = jax.lax.scan(turn, self.pool.base_state, utterances)
        return intents


def main():
    service = IntentService(SessionPool(IntentRouter(12, 5, rngs=nnx.Rngs(0))))
    call = jax.random.normal(jax.random.key(1), (7, 12))
    print("intents", service.handle_call(call))
    print("health", service.pool.health_check(call[0]))
