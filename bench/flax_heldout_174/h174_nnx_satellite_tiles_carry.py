# label: ok
# flax-error: none
# class: 4 the jax.lax.scan body nnx.merges the detector from the carried state and returns nnx.state; TileWorker.pool.sessions[region] is filled from the final carry after the loop
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
            return nnx.state(detector), changed

        self.state, scores = jax.lax.scan(per_tile, self.state, (job.before, job.after))
        self.pool.sessions[job.region] = nnx.merge(self.graphdef, self.state)
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
