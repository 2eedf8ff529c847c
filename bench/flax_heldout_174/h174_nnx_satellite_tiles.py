# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 TileWorker.pool.sessions[region] caches the detector that the jax.lax.scan body nnx.merges from the carried state; TileWorker.report calls the cached session after the loop
"""Satellite change detection service: workers drain a queue of tile jobs.

A worker adapts the change detector's normalisation statistics to each region while
scanning its tiles, and keeps the adapted detector in a per-region session pool so
follow-up requests for the same region can reuse it.
"""
import collections
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


class ChangeDetector(nnx.Module):
    def __init__(self, bands, rngs):
        self.embed = nnx.Linear(2 * bands, 16, rngs=rngs)
        self.norm = nnx.BatchNorm(16, momentum=0.8, rngs=rngs)
        self.head = nnx.Linear(16, 1, rngs=rngs)

    def __call__(self, before, after):
        h = self.norm(self.embed(jnp.concatenate([before, after], -1)))
        return jax.nn.sigmoid(self.head(nnx.relu(h))).squeeze(-1)


@dataclasses.dataclass
class TileJob:
    region: str
    before: jax.Array  # tiles x pixels x bands
    after: jax.Array


class SessionPool:
    def __init__(self):
        self.sessions = {}


class TileWorker:
    def __init__(self, detector):
        self.graphdef, self.state = nnx.split(detector)
        self.pool = SessionPool()

    def process(self, job: TileJob):
        def per_tile(state, tile):
            detector = nnx.merge(self.graphdef, state)
            changed = detector(*tile).mean()
            self.pool.sessions[job.region] = detector
            return nnx.state(detector), changed

        self.state, scores = jax.lax.scan(per_tile, self.state, (job.before, job.after))
        return scores

    def report(self, region, before, after):
        return self.pool.sessions[region](before, after)


def main():
    keys = jax.random.split(jax.random.key(0), 4)
    queue = collections.deque([
        TileJob("alps-north", jax.random.normal(keys[0], (3, 16, 4)), jax.random.normal(keys[1], (3, 16, 4))),
        TileJob("po-valley", jax.random.normal(keys[2], (3, 16, 4)), jax.random.normal(keys[3], (3, 16, 4))),
    ])
    worker = TileWorker(ChangeDetector(bands=4, rngs=nnx.Rngs(1)))
    while queue:
        job = queue.popleft()
        worker.process(job)
    worker.report("po-valley", job.before[0], job.after[0])
    return None
