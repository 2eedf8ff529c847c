# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[7,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 TriageService.drain scans over the task queue; each ClaimWorker.process gets a session from self.pool, which caches the model nnx.merge()d inside the body for later audits
"""Insurance claims triage: worker objects route queued claims to adjuster queues from a shared session pool."""
import jax
import jax.numpy as jnp
from flax import nnx


class ClaimsSeen(nnx.Variable):
    pass


class TriageModel(nnx.Module):
    def __init__(self, n_features: int, n_queues: int, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(n_features, 16, rngs=rngs)
        self.route = nnx.Linear(16, n_queues, rngs=rngs)
        self.seen = ClaimsSeen(jnp.zeros((), jnp.int32))

    def __call__(self, claims):
        logits = self.route(nnx.relu(self.trunk(claims)))
        self.seen[...] = self.seen[...] + claims.shape[0]
        return logits


class SessionPool:
    """Hands each worker a live model session, reused across calls."""

    def __init__(self, model):
        self.graphdef, self.state = nnx.split(model)
        self._live = {}

    def session(self, worker_id, state):
        if worker_id not in self._live:
            self._live[worker_id] = nnx.merge(self.graphdef, state)
        return self._live[worker_id]


class ClaimWorker:
    def __init__(self, worker_id, pool):
        self.worker_id, self.pool = worker_id, pool

    def process(self, state, claims):
        model = self.pool.session(self.worker_id, state)
        queue = jnp.argmax(model(claims), axis=-1)
        return nnx.state(model), queue


class TriageService:
    def __init__(self, model, n_workers):
        self.pool = SessionPool(model)
        self.workers = [ClaimWorker(i, self.pool) for i in range(n_workers)]

    def drain(self, task_queue):
        def body(state, tasks):
            routed = []
            for worker, claims in zip(self.workers, tasks):
                state, queue = worker.process(state, claims)
                routed.append(queue)
            return state, jnp.stack(routed)

        self.pool.state, routed = jax.lax.scan(body, self.pool.state, task_queue)
        return routed

    def audit(self, claims):
        return self.pool.session(0, self.pool.state)(claims)


def main():
    model = TriageModel(n_features=7, n_queues=3, rngs=nnx.Rngs(0))
    service = TriageService(model, n_workers=2)
    task_queue = jax.random.normal(jax.random.key(1), (4, 2, 5, 7))
    service.drain(task_queue)
    service.audit(task_queue[0, 0]).block_until_ready()
    return None
