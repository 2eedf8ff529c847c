# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the scheduler pops a job from its heapq of pending cures; the while_loop body reads job.variables and writes the updated cure_state collection back onto that job
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

        def not_done(carry):
            step, _ = carry
            return step < job.passes

        def cure_pass(carry):
            step, exposure = carry
            level, updates = self.model.apply(job.variables, self.humidity, mutable=["cure_state"])
            job.variables = {**job.variables, **updates}
            return step + 1, exposure + level.sum()

        lax.while_loop(not_done, cure_pass, (0, jnp.zeros(())))
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
