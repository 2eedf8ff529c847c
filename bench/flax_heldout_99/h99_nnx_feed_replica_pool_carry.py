# label: ok
# flax-error: none
# class: 4 FeedExperiment -> ExperimentArm -> ReplicaPool; the scan carries the replica state taken from the pool, the body merges it and returns its state, and the pool keeps the final state
"""News feed ranking experiment: an exploratory arm re-scores the slate with dropout noise at every impression."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class ExploringRanker(nnx.Module):
    def __init__(self, features, *, rngs):
        self.score = nnx.Linear(features, 1, rngs=rngs)
        self.explore = nnx.Dropout(0.5, rngs=rngs)

    def __call__(self, slate):
        return self.score(self.explore(slate))[..., 0]


class ReplicaPool:
    def __init__(self, model):
        self.graphdef, self.snapshot = nnx.split(model)

    def replica(self, state=None):
        return nnx.merge(self.graphdef, self.snapshot if state is None else state, copy=True)


@dataclasses.dataclass
class ExperimentArm:
    name: str
    pool: ReplicaPool


class FeedExperiment:
    def __init__(self, arm):
        self.arm = arm

    def serve(self, slate, impressions):
        def body(replica_state, _):
            replica = self.arm.pool.replica(replica_state)
            scores = replica(slate)
            return nnx.state(replica), scores

        final_state, scores = scan(body, self.arm.pool.snapshot, None, length=impressions)
        self.arm.pool.snapshot = final_state
        return scores


def main():
    ranker = ExploringRanker(features=5, rngs=nnx.Rngs(params=0, dropout=3))
    experiment = FeedExperiment(ExperimentArm("explore-v2", ReplicaPool(ranker)))
    slate = jax.random.normal(jax.random.key(4), (6, 5))
    return experiment.serve(slate, impressions=5)
