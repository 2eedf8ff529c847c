# label: ok
# flax-error: none
# class: 3 SlateRanker threads the counts of its self.tally submodule through the fori_loop carry and stores them after the loop
"""Slate ranking for a storefront: score a few candidate slates and count item impressions."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


class ImpressionTally(nn.Module):
    num_items: int

    def setup(self):
        self.impressions = self.variable("counters", "impressions", jnp.zeros, (self.num_items,), jnp.int32)

    @property
    def counts(self):
        return self.impressions.value

    def store(self, counts):
        self.impressions.value = counts

    @staticmethod
    def bumped(counts, item_ids):
        return counts.at[item_ids].add(1)


class SlateRanker(nn.Module):
    num_items: int
    slate_size: int = 3
    dim: int = 4

    def setup(self):
        self.items = nn.Embed(self.num_items, self.dim)
        self.user_proj = nn.Dense(self.dim)
        self.tally = ImpressionTally(self.num_items)

    def score(self, user, slate):
        return jnp.einsum("d,sd->s", self.user_proj(user), self.items(slate))

    def __call__(self, user, slates):
        best = jnp.zeros((slates.shape[0],), jnp.float32)
        best = best.at[0].set(self.score(user, slates[0]).max())

        def visit(i, carry):
            best, counts = carry
            slate = slates[i]
            counts = self.tally.bumped(counts, slate)
            return best.at[i].set(self.score(user, slate).max()), counts

        best, counts = lax.fori_loop(1, slates.shape[0], visit, (best, self.tally.counts))
        self.tally.store(counts)
        return best


class Storefront(NamedTuple):
    ranker: SlateRanker
    variables: dict

    @classmethod
    def open(cls, ranker, user, slates):
        return cls(ranker, ranker.init(jax.random.key(3), user, slates[0], method=SlateRanker.score))

    def serve(self, user, slates):
        best, mutated = self.ranker.apply(self.variables, user, slates, mutable=["counters"])
        return best, Storefront(self.ranker, {**self.variables, **mutated})

    def impressions_per_slate(self):
        counts = self.variables["counters"]["tally"]["impressions"]
        return counts.sum() / self.ranker.slate_size


def main():
    ranker = SlateRanker(num_items=10)
    user = jnp.array([0.5, -0.2, 0.1, 0.9])
    slates = jnp.array([[0, 1, 2], [2, 5, 7], [9, 3, 1], [4, 4, 8]])
    store = Storefront.open(ranker, user, slates)
    best, store = store.serve(user, slates)
    jax.block_until_ready((best, store.impressions_per_slate()))
    return None
