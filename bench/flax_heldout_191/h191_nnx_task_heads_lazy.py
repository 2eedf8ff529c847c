# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the router's head registry creates each task head lazily when the scan body first asks for it, and keeps it in its dict
"""Support-ticket triage: a shared encoder and per-task heads (priority, team, churn) chosen per batch."""
import zlib

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

TASKS = ("priority", "team", "churn")


class TicketEncoder(nnx.Module):
    def __init__(self, vocab_dim, hidden, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(vocab_dim, hidden, rngs=rngs)

    def __call__(self, bag_of_words):
        return nnx.relu(self.proj(bag_of_words))


class HeadRegistry:
    def __init__(self, hidden, seed):
        self.hidden = hidden
        self.seed = seed
        self.heads = {}

    def get(self, task):
        if task not in self.heads:
            rngs = nnx.Rngs(self.seed + zlib.crc32(task.encode()) % 1000)
            self.heads[task] = nnx.Linear(self.hidden, 1, rngs=rngs)
        return self.heads[task]


class TriageRouter:
    def __init__(self, encoder, registry):
        self.encoder = encoder
        self.registry = registry

    def score_batches(self, batches, task_ids):
        def body(total, inputs):
            x, task_id = inputs
            h = self.encoder(x)
            heads = [self.registry.get(task) for task in TASKS]
            branches = [lambda h, head=head: head(h)[:, 0] for head in heads]
            logits = lax.switch(task_id, branches, h)
            return total + jnp.mean(logits), logits

        return lax.scan(body, jnp.float32(0.0), (batches, task_ids))

    def score_one(self, task, x):
        return self.registry.get(task)(self.encoder(x))[:, 0]


def main():
    batches = jax.random.uniform(jax.random.key(7), (4, 6, 30))
    task_ids = jnp.array([2, 0, 1, 2])
    router = TriageRouter(TicketEncoder(30, 12, rngs=nnx.Rngs(0)), HeadRegistry(12, seed=3))
    total, logits = router.score_batches(batches, task_ids)
    churn = router.score_one("churn", batches[0])
    print(float(total), churn.shape)
    return None
