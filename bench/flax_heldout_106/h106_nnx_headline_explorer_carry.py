# label: ok
# flax-error: none
# class: 5 make_variant_scorer(model) returns a scorer over (state, variants) that nnx.merges a replica and returns nnx.state(replica); the scan body calls it and carries the state
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
    """Each request works on its own replica; its state (dropout stream included) is handed back."""
    model.train()
    graphdef, initial = nnx.split(model)

    def score(state, variants):
        replica = nnx.merge(graphdef, state)
        return nnx.state(replica), replica(variants)

    return score, initial


class ExplorationScheduler:
    def __init__(self, scorer, initial, rounds: int):
        self.scorer = scorer
        self.initial = initial
        self.rounds = rounds

    def run(self, variants):
        def one_round(state, _):
            state, sampled_ctr = self.scorer(state, variants)
            return state, {"ctr": sampled_ctr, "shown": jnp.argmax(sampled_ctr)}

        _, log = scan(one_round, self.initial, None, length=self.rounds)
        return log


def main():
    model = HeadlineCTR(16, rngs=nnx.Rngs(params=0, dropout=1))
    variants = jax.random.normal(jax.random.key(2), (5, 16))
    scorer, initial = make_variant_scorer(model)
    return ExplorationScheduler(scorer, initial, rounds=6).run(variants)
