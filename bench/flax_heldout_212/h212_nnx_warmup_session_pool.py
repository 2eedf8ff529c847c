# label: trace-context
# flax-error: TraceContextError: Cannot mutate CallCounter from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a ServingService holds a SessionPool of Sessions, each owning a model with a Variable-subclass call counter; the while_loop body calls session.model on the sample batch
"""An intent-classification service keeps a pool of sessions. Before it opens for traffic it
warms every session's model up on a sample batch for a few rounds, so the first requests do
not pay for compilation."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


class CallCounter(nnx.Variable):
    pass


class IntentClassifier(nnx.Module):
    def __init__(self, vocab: int, intents: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(vocab, 16, rngs=rngs)
        self.head = nnx.Linear(16, intents, rngs=rngs)
        self.calls = CallCounter(jnp.zeros((), jnp.int32))

    def __call__(self, bag_of_words):
        self.calls.value = self.calls.value + 1
        return self.head(nnx.relu(self.embed(bag_of_words)))


@dataclasses.dataclass
class Session:
    model: IntentClassifier
    ready: bool = False


class SessionPool:
    def __init__(self, size: int, vocab: int, intents: int):
        self.sessions = [Session(IntentClassifier(vocab, intents, nnx.Rngs(i))) for i in range(size)]


class ServingService:
    def __init__(self, pool: SessionPool, sample_batch, rounds: int = 3):
        self.pool = pool
        self.sample_batch = sample_batch
        self.rounds = rounds

    def warm_up(self):
        for session in self.pool.sessions:
            def pending(state):
                return state[0] < self.rounds

            def round_(state):
                i, checksum = state
                logits = session.model(self.sample_batch)
                return i + 1, checksum + logits.sum()

            _, checksum = lax.while_loop(pending, round_, (0, jnp.zeros(())))
            session.ready = bool(jnp.isfinite(checksum))


def main():
    sample = jax.random.uniform(jax.random.key(0), (4, 20))
    service = ServingService(SessionPool(2, vocab=20, intents=5), sample)
    service.warm_up()
    return None
