# label: ok
# flax-error: none
# class: 4 inbox -> message -> triage model taken by a worker; per-claim scores leave the scan as outputs and are written to the model's dict after it
"""Insurance claims triage: workers take a scoring model from an inbox and score claim queues."""
import collections
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class TriageModel(nnx.Module):
    def __init__(self, fields: int, rngs: nnx.Rngs):
        self.enc = nnx.Linear(fields, 12, rngs=rngs)
        self.fraud = nnx.Linear(12, 1, rngs=rngs)
        self.explain_cache = {}

    def __call__(self, claim):
        return jax.nn.sigmoid(self.fraud(nnx.gelu(self.enc(claim))))[..., 0]


@dataclasses.dataclass
class ScoringJob:
    queue_name: str
    claims: jnp.ndarray
    model: TriageModel


class Inbox:
    def __init__(self):
        self._items = collections.deque()

    def send(self, job):
        self._items.append(job)

    def receive(self):
        return self._items.popleft() if self._items else None


class TriageWorker:
    def __init__(self, inbox: Inbox, review_threshold: float = 0.6):
        self.inbox = inbox
        self.review_threshold = review_threshold
        self.models = {}

    def work(self):
        while (job := self.inbox.receive()) is not None:
            self.models[job.queue_name] = job.model
            self._score_queue(job)

    def _score_queue(self, job: ScoringJob):
        def claim(n_review, features):
            score = job.model(features)
            return n_review + (score > self.review_threshold), score

        n_review, scores = jax.lax.scan(claim, jnp.zeros((), jnp.int32), job.claims)
        job.model.explain_cache["last_score"] = scores[-1]
        return n_review

    def explain(self, queue_name):
        return jnp.round(self.models[queue_name].explain_cache["last_score"], 3)


def main():
    model = TriageModel(9, nnx.Rngs(0))
    claims = jax.random.normal(jax.random.key(21), (8, 9))
    inbox = Inbox()
    inbox.send(ScoringJob("motor", claims, model))
    worker = TriageWorker(inbox)
    worker.work()
    worker.explain("motor").block_until_ready()
    return None
