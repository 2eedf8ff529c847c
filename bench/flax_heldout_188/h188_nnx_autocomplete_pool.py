# label: trace-context
# flax-error: TraceContextError: Cannot mutate ServedBatches from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 the while_loop body takes the current session from self.pool and calls its MeteringMiddleware module, which increments a ServedBatches Variable subclass
"""Search autocomplete: incoming prefixes are batched, a session is taken from the service's
pool, and the completion ranker runs behind a metering middleware that counts served batches
for billing."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax


class ServedBatches(nnx.Variable):
    """Billing counter; excluded from checkpoints by its type."""


class CompletionRanker(nnx.Module):
    def __init__(self, prefix_features: int, candidates: int, rngs: nnx.Rngs):
        self.score = nnx.Linear(prefix_features, candidates, rngs=rngs)

    def __call__(self, prefixes):
        return self.score(prefixes)


class MeteringMiddleware(nnx.Module):
    def __init__(self, inner: nnx.Module):
        self.inner = inner
        self.served = ServedBatches(jnp.zeros((), jnp.int32))

    def __call__(self, batch):
        self.served[...] += 1
        return self.inner(batch)


class Session:
    def __init__(self, seed: int):
        self.model = MeteringMiddleware(CompletionRanker(12, 8, nnx.Rngs(seed)))


class SessionPool:
    def __init__(self, size: int):
        self.sessions = [Session(seed) for seed in range(size)]
        self._next = 0

    def acquire(self) -> Session:
        session = self.sessions[self._next % len(self.sessions)]
        self._next += 1
        return session

    def current(self) -> Session:
        return self.sessions[(self._next - 1) % len(self.sessions)]


def batch_requests(prefixes, batch_size: int):
    return prefixes.reshape(-1, batch_size, prefixes.shape[-1])


class AutocompleteService:
    def __init__(self, pool: SessionPool):
        self.pool = pool

    def serve(self, prefixes):
        batches = batch_requests(prefixes, batch_size=4)
        self.pool.acquire()

        def has_more(state):
            return state[0] < batches.shape[0]

        def serve_batch(state):
            i, best = state
            scores = self.pool.current().model(batches[i])
            return i + 1, best.at[i].set(jnp.argmax(scores, axis=-1))

        start = (0, jnp.zeros(batches.shape[:2], jnp.int32))
        _, best = lax.while_loop(has_more, serve_batch, start)
        return best


def main():
    service = AutocompleteService(SessionPool(size=2))
    prefixes = jax.random.normal(jax.random.key(6), (16, 12))
    service.serve(prefixes)
    return None
