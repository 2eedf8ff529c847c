# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type int32[10] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 SlateRanker's fori_loop body bumps the 'counters' variable held by its self.tally submodule
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

    def bump(self, item_ids):
        self.impressions.value = self.impressions.value.at[item_ids].add(1)


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

        def visit(i, best):
            slate = slates[i]
            self.tally.bump(slate)
            return best.at[i].set(self.score(user, slate).max())

        return lax.fori_loop(1, slates.shape[0], visit, best)


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
