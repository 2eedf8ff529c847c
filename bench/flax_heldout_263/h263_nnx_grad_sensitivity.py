# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 4 (16 B)
# class: 1 ProductRanker.sensitivity_sweep runs the scan itself and its body takes nnx.grad with respect to self
"""Product ranking diagnostics: how strongly each traffic segment's loss pulls on the ranker's weights."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class Segment:
    name: str
    weight: float


class ProductRanker(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.query = nnx.Linear(features, 4, rngs=rngs)
        self.doc = nnx.Linear(features, 4, rngs=rngs)

    def __call__(self, queries, docs):
        return jnp.sum(self.query(queries) * self.doc(docs), axis=-1)

    def pairwise_loss(self, batch):
        q, pos, neg = batch
        margin = self(q, pos) - self(q, neg)
        return jnp.mean(nnx.softplus(-margin))

    def sensitivity_sweep(self, batches):
        def per_segment(carry, batch):
            grads = nnx.grad(ProductRanker.pairwise_loss)(self, batch)
            norm = global_norm(grads)
            return carry + norm, norm

        return jax.lax.scan(per_segment, jnp.zeros(()), batches)


def global_norm(tree):
    return jnp.sqrt(sum(jnp.sum(leaf**2) for leaf in jax.tree.leaves(tree)))


def make_batches(segments, features, rows, seed=0):
    keys = jax.random.split(jax.random.key(seed), 3)
    shape = (len(segments), rows, features)
    scale = jnp.array([s.weight for s in segments])[:, None, None]
    return tuple(scale * jax.random.normal(k, shape) for k in keys)


def main():
    segments = [Segment("new_visitors", 1.0), Segment("returning", 0.5), Segment("bulk_buyers", 2.0)]
    ranker = ProductRanker(features=3, rngs=nnx.Rngs(0))
    total, per_segment = ranker.sensitivity_sweep(make_batches(segments, features=3, rows=4))
    jax.block_until_ready((total, per_segment))
    return None
