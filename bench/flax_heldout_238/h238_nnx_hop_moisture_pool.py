# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 recalibration requests come off a heapq; the fori_loop body merges the probe model from the carried state and registers the merged module in pool.active, which the report reads after the loop
"""Recalibration of the moisture probes of several hop kilns; probes are kept in a pool and serviced by priority."""

from __future__ import annotations

import heapq
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax


class ProbeModel(nnx.Module):
    def __init__(self, channels: int, *, rngs: nnx.Rngs):
        self.linear = nnx.Linear(channels, 1, rngs=rngs)
        self.offset = nnx.Variable(jnp.zeros(()))

    def __call__(self, x: jax.Array) -> jax.Array:
        return self.linear(x).squeeze(-1) + self.offset[...]


@dataclass(order=True)
class Request:
    urgency: int
    kiln: str = field(compare=False)
    reference: float = field(compare=False, default=0.1)


class ProbePool:
    def __init__(self):
        self._stored: dict[str, tuple[nnx.GraphDef, nnx.State]] = {}
        self.active: dict[str, ProbeModel] = {}

    def add(self, kiln: str, probe: ProbeModel) -> None:
        self._stored[kiln] = nnx.split(probe)
        self.active[kiln] = probe

    def checkout(self, kiln: str):
        return self._stored[kiln]

    def checkin(self, kiln: str, state: nnx.State) -> None:
        graphdef, _ = self._stored[kiln]
        self._stored[kiln] = (graphdef, state)


class Recalibrator:
    def __init__(self, pool: ProbePool, sample: jax.Array, sweeps: int = 3):
        self.pool = pool
        self.sample = sample
        self.sweeps = sweeps
        self.requests: list[Request] = []

    def request(self, kiln: str, urgency: int, reference: float) -> None:
        heapq.heappush(self.requests, Request(urgency, kiln, reference))

    def service(self) -> None:
        while self.requests:
            req = heapq.heappop(self.requests)
            graphdef, state = self.pool.checkout(req.kiln)

            def sweep(i, state):
                probe = nnx.merge(graphdef, state)
                error = req.reference - probe(self.sample).mean()
                probe.offset[...] += 0.5 * error
                self.pool.active[req.kiln] = probe
                return nnx.state(probe)

            self.pool.checkin(req.kiln, lax.fori_loop(0, self.sweeps, sweep, state))

    def report(self) -> dict[str, jax.Array]:
        return {kiln: probe(self.sample).mean() for kiln, probe in self.pool.active.items()}


def main():
    sample = jnp.array([[0.3, 0.6, 0.1], [0.2, 0.7, 0.1]])
    pool = ProbePool()
    pool.add("kiln-1", ProbeModel(3, rngs=nnx.Rngs(0)))
    pool.add("kiln-2", ProbeModel(3, rngs=nnx.Rngs(1)))
    recal = Recalibrator(pool, sample)
    recal.request("kiln-2", urgency=1, reference=0.12)
    recal.request("kiln-1", urgency=3, reference=0.09)
    recal.service()
    jax.block_until_ready(recal.report())
    return None
