# label: ok
# flax-error: none
# class: 4 the ModerationService reaches the model through self.pool.acquire().model; the pool puts every replica in eval mode at warmup and the while_loop body over request slots calls it
"""Request batcher for a content-moderation endpoint.

The service keeps a pool of warm sessions (one model replica each, loaded from the training
checkpoint and switched to eval mode at warmup) and drains the request queue slot by slot with
a while_loop so a whole queue is one dispatch. Each slot's toxicity scores are written into the
output buffer.
"""
import itertools

import flax.nnx as nnx
import jax
import jax.numpy as jnp

lax = jax.lax


class ToxicityModel(nnx.Module):
    def __init__(self, d_in, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(d_in, 16, rngs=rngs)
        self.drop = nnx.Dropout(0.1, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.sigmoid(self.out(self.drop(nnx.relu(self.proj(x)))))[..., 0]


class Session:
    def __init__(self, model, name):
        self.model = model
        self.name = name


class SessionPool:
    def __init__(self, factory, size):
        self.sessions = [Session(factory(seed), f"replica-{seed}") for seed in range(size)]
        self._cycle = itertools.cycle(self.sessions)

    def warmup(self, sample):
        for session in self.sessions:
            session.model.eval()
            session.model(sample)

    def acquire(self):
        return next(self._cycle)


class ModerationService:
    def __init__(self, pool: SessionPool, slot_size: int):
        self.pool = pool
        self.slot_size = slot_size

    def drain(self, queue):
        slots = queue.reshape(-1, self.slot_size, queue.shape[-1])
        session = self.pool.acquire()
        scores = jnp.zeros(slots.shape[:2])

        def pending(state):
            return state[0] < slots.shape[0]

        def serve(state):
            i, scores = state
            return i + 1, scores.at[i].set(session.model(slots[i]))

        return lax.while_loop(pending, serve, (0, scores))[1].reshape(-1)


def main():
    queue = jax.random.normal(jax.random.key(0), (12, 20))
    pool = SessionPool(lambda seed: ToxicityModel(20, rngs=nnx.Rngs(seed)), size=2)
    pool.warmup(queue[:4])
    service = ModerationService(pool, slot_size=4)
    service.drain(queue).block_until_ready()
    return None
