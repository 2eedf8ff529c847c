# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 QueueModel built lazily by the queue_model() global accessor on first use, reached via LiftScheduler.source.model() in the fori_loop body
"""Ski-lift chair planning.

The lift scheduler estimates the queue wait for each quarter hour of arrivals; the wait model
is a module-level singleton built on first use so that importing the service stays cheap."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax import lax

_QUEUE_MODEL = None


class QueueModel(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.arrivals = nnx.Linear(3, 8, rngs=rngs)
        self.wait = nnx.Linear(8, 1, rngs=rngs)

    def __call__(self, arrivals):
        return nnx.softplus(self.wait(nnx.relu(self.arrivals(arrivals)))).squeeze(-1)


def queue_model() -> QueueModel:
    global _QUEUE_MODEL
    if _QUEUE_MODEL is None:
        _QUEUE_MODEL = QueueModel(nnx.Rngs(0))
    return _QUEUE_MODEL


class ModelSource:
    def model(self) -> QueueModel:
        return queue_model()


class LiftScheduler:
    def __init__(self, source: ModelSource, chair_capacity: int = 4):
        self.source = source
        self.capacity = chair_capacity

    def plan(self, arrivals):
        def body(i, chairs):
            wait = self.source.model()(arrivals[i])
            return chairs + jnp.ceil(jnp.sum(wait) / self.capacity)

        return lax.fori_loop(0, arrivals.shape[0], body, jnp.float32(0.0))


def main():
    scheduler = LiftScheduler(ModelSource())
    arrivals = jax.random.uniform(jax.random.key(12), (8, 5, 3)) * 20.0
    scheduler.plan(arrivals).block_until_ready()
    queue_model()(arrivals[0]).block_until_ready()
    return None
