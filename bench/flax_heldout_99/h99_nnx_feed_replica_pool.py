# label: same-values
# flax-error: none
# class: 4 FeedExperiment -> ExperimentArm -> ReplicaPool; the scan body asks the pool for a replica, which nnx.merge(..., copy=True) rebuilds from the stored snapshot, Rngs count included
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

    def replica(self):
        # copy=True: a served replica must never alias the snapshot it came from
        return nnx.merge(self.graphdef, self.snapshot, copy=True)


@dataclasses.dataclass
class ExperimentArm:
    name: str
    pool: ReplicaPool


class FeedExperiment:
    def __init__(self, arm):
        self.arm = arm

    def serve(self, slate, impressions):
        def body(count, _):
            replica = self.arm.pool.replica()
            scores = replica(slate)
            return count + 1, scores

        _, scores = scan(body, 0, None, length=impressions)
        return scores


def main():
    ranker = ExploringRanker(features=5, rngs=nnx.Rngs(params=0, dropout=3))
    experiment = FeedExperiment(ExperimentArm("explore-v2", ReplicaPool(ranker)))
    slate = jax.random.normal(jax.random.key(4), (6, 5))
    return experiment.serve(slate, impressions=5)
