# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the lift-queue service asks its model pool for the lift's model inside the scan over 15-minute slots; the pool builds and caches the nnx model on first request, which happens inside the body
"""Ski resort lift queues: wait-time forecast per lift over the morning.

Models are built lazily per lift by a ModelPool so that the service starts quickly; the
morning simulation is a scan over 15-minute slots, and the ticketing app later asks the
same pool for live predictions."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class QueueNet(nnx.Module):
    def __init__(self, *, rngs):
        self.hidden = nnx.Linear(4, 16, rngs=rngs)
        self.out = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, x):
        return nnx.softplus(self.out(nnx.relu(self.hidden(x)))).squeeze(-1)  # minutes


class ModelPool:
    def __init__(self, seeds):
        self.seeds = seeds
        self._models = {}

    def get(self, lift):
        if lift not in self._models:
            self._models[lift] = QueueNet(rngs=nnx.Rngs(self.seeds[lift]))
        return self._models[lift]


class LiftQueueService:
    def __init__(self, pool):
        self.pool = pool

    def simulate_morning(self, lift, arrivals, capacity):
        def slot(queue, arr):
            feats = jnp.stack([queue / 100.0, arr / 100.0, capacity / 100.0, jnp.ones_like(queue)], -1)
            wait = self.pool.get(lift)(feats)
            queue = jnp.maximum(queue + arr - capacity, 0.0)
            return queue, wait

        _, waits = scan(slot, jnp.zeros_like(capacity), arrivals)
        return waits

    def live_wait(self, lift, feats):
        return self.pool.get(lift)(feats)


def main():
    arrivals = jax.random.uniform(jax.random.key(0), (16, 2), maxval=150.0)  # 16 slots, 2 loading bays
    capacity = jnp.array([90.0, 60.0])
    service = LiftQueueService(ModelPool({"north-chair": 1, "glacier-gondola": 2}))
    service.simulate_morning("north-chair", arrivals, capacity)
    wait = service.live_wait("north-chair", jnp.ones((2, 4)))
    float(wait.sum())
    return None
