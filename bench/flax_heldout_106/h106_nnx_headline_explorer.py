# label: same-values
# flax-error: none
# class: 5 make_variant_scorer(model) returns a scorer that takes nnx.clone(model) per call; the scan body calls the scorer, whose dropout stream is cloned from the same state each round
"""Newsroom: explore headline variants with dropout-based Thompson sampling over rounds."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class HeadlineCTR(nnx.Module):
    def __init__(self, dim: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Linear(dim, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.4, rngs=rngs)
        self.out = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, variants):
        return nnx.sigmoid(self.out(self.drop(nnx.relu(self.embed(variants)))))[:, 0]


def make_variant_scorer(model: HeadlineCTR):
    """Each request works on its own copy so concurrent rounds never share mutable state."""

    def score(variants):
        replica = nnx.clone(model)
        replica.train()
        return replica(variants)

    return score


class ExplorationScheduler:
    def __init__(self, scorer, rounds: int):
        self.scorer = scorer
        self.rounds = rounds

    def run(self, variants):
        def one_round(carry, _):
            sampled_ctr = self.scorer(variants)
            return carry, {"ctr": sampled_ctr, "shown": jnp.argmax(sampled_ctr)}

        _, log = scan(one_round, None, None, length=self.rounds)
        return log


def main():
    model = HeadlineCTR(16, rngs=nnx.Rngs(params=0, dropout=1))
    variants = jax.random.normal(jax.random.key(2), (5, 16))
    return ExplorationScheduler(make_variant_scorer(model), rounds=6).run(variants)
