# label: ok
# flax-error: none
# class: 4 the scheduler pops a job from its heapq of pending cures; the job's cure_state collection is threaded through the while_loop carry and stored on the job after the loop
"""Cure scheduler of a violin workshop's UV varnish cabinet: queued instruments are cured coat by coat."""

from __future__ import annotations

import heapq
import itertools
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class CureKinetics(nn.Module):
    coats: int

    @nn.compact
    def __call__(self, humidity: jax.Array) -> jax.Array:
        level = self.variable("cure_state", "level", jnp.zeros, (self.coats,))
        rate = nn.sigmoid(nn.Dense(self.coats, name="rate")(humidity))
        level.value = jnp.clip(level.value + 0.1 * rate.mean(axis=0), 0.0, 1.0)
        return level.value


@dataclass(order=True)
class CureJob:
    priority: int
    seq: int
    instrument: str = field(compare=False)
    variables: dict = field(compare=False, default_factory=dict)
    passes: int = field(compare=False, default=3)


class CureScheduler:
    def __init__(self, model: CureKinetics, cabinet_humidity: jax.Array):
        self.model = model
        self.humidity = cabinet_humidity
        self.pending: list[CureJob] = []
        self.finished: list[CureJob] = []
        self._seq = itertools.count()

    def submit(self, instrument: str, priority: int, variables: dict, passes: int = 3) -> None:
        heapq.heappush(self.pending, CureJob(priority, next(self._seq), instrument, variables, passes))

    def run_next(self) -> CureJob:
        job = heapq.heappop(self.pending)
        params = job.variables["params"]

        def not_done(carry):
            step, _, _ = carry
            return step < job.passes

        def cure_pass(carry):
            step, cure_state, exposure = carry
            level, updates = self.model.apply(
                {"params": params, "cure_state": cure_state}, self.humidity, mutable=["cure_state"]
            )
            return step + 1, updates["cure_state"], exposure + level.sum()

        _, cure_state, _ = lax.while_loop(not_done, cure_pass, (0, job.variables["cure_state"], jnp.zeros(())))
        job.variables = {"params": params, "cure_state": cure_state}
        self.finished.append(job)
        return job

    def drain(self) -> None:
        while self.pending:
            self.run_next()

    def cure_report(self) -> dict[str, jax.Array]:
        return {job.instrument: jnp.mean(job.variables["cure_state"]["level"]) for job in self.finished}


def main():
    humidity = jnp.full((2, 4), 0.45)
    model = CureKinetics(coats=3)
    template = model.init(jax.random.key(5), humidity)
    scheduler = CureScheduler(model, humidity)
    scheduler.submit("viola-2291", priority=2, variables=template, passes=4)
    scheduler.submit("violin-3107", priority=1, variables=template, passes=3)
    scheduler.drain()
    report = scheduler.cure_report()
    jax.block_until_ready(report)
    return None
