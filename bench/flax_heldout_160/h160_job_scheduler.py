# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 the JobScheduler pops a Job whose Runner holds the model and its variables; Runner.run_batches applies the BatchNorm encoder in train mode inside the scan body
"""Batch feature-refresh jobs for a recommendation store.

Jobs are queued by priority; each job carries the Runner that owns the encoder and the
batches to push through it. The runner scans over the batches and re-estimates the
BatchNorm statistics on the fly, but applies the model without marking batch_stats mutable.
"""
import dataclasses
import heapq
from typing import Any

import jax
import jax.numpy as jnp
from flax import linen as nn


class FeatureEncoder(nn.Module):
    features: int = 8

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.Dense(self.features)(x)
        x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(x)


@dataclasses.dataclass
class Runner:
    model: nn.Module
    variables: Any

    def encode(self, batch):
        return self.model.apply(self.variables, batch, train=True)

    def run_batches(self, batches):
        def body(total, batch):
            h = self.encode(batch)
            return total + h.sum(), h.mean(axis=0)

        total, means = jax.lax.scan(body, jnp.zeros(()), batches)
        return total, means


@dataclasses.dataclass(order=True)
class Job:
    priority: int
    job_id: str = dataclasses.field(compare=False)
    runner: Runner = dataclasses.field(compare=False)
    batches: Any = dataclasses.field(compare=False)


class JobScheduler:
    def __init__(self):
        self._queue: list[Job] = []
        self.completed: dict[str, Any] = {}

    def submit(self, job: Job) -> None:
        heapq.heappush(self._queue, job)

    def drain(self) -> None:
        while self._queue:
            job = heapq.heappop(self._queue)
            self.completed[job.job_id] = job.runner.run_batches(job.batches)


def main():
    model = FeatureEncoder()
    variables = model.init(jax.random.key(0), jnp.ones((4, 6)))
    runner = Runner(model, variables)
    scheduler = JobScheduler()
    scheduler.submit(Job(2, "nightly-refresh", runner, jax.random.normal(jax.random.key(1), (5, 4, 6))))
    scheduler.submit(Job(1, "hotfix-backfill", runner, jax.random.normal(jax.random.key(2), (3, 4, 6))))
    scheduler.drain()
    return None
