# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "served" in "/" because collection "popularity" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 the while_loop body calls PopularityMixin.note_served, which bumps the generator's self.served 'popularity' variable while serving without mutable
"""Candidate generation for a shop front: pick items greedily up to a budget and track how often each is served."""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class PopularityMixin:
    """Popularity bookkeeping shared by every candidate source."""

    @property
    def tracks_popularity(self) -> bool:
        return not self.deterministic

    def note_served(self, item):
        if self.tracks_popularity:
            self.served.value = self.served.value.at[item].add(1.0)


class CandidateGenerator(PopularityMixin, nn.Module):
    num_items: int
    budget: int = 3
    deterministic: bool = False

    def setup(self):
        self.affinity = nn.Dense(self.num_items)
        self.served = self.variable("popularity", "served", jnp.zeros, (self.num_items,))

    def score(self, user):
        return self.affinity(user)

    def __call__(self, user):
        scores = self.score(user)

        def cond(state):
            n, _, _ = state
            return n < self.budget

        def body(state):
            n, masked, picked = state
            item = jnp.argmax(masked)
            self.note_served(item)
            return n + 1, masked.at[item].set(-jnp.inf), picked.at[n].set(item)

        _, _, picked = lax.while_loop(cond, body, (0, scores, jnp.zeros(self.budget, jnp.int32)))
        return picked


@dataclasses.dataclass
class GeneratorBundle:
    generator: CandidateGenerator
    variables: dict

    @property
    def params(self):
        return self.variables["params"]


def build_bundle(num_items: int, user_dim: int, deterministic: bool = False) -> GeneratorBundle:
    generator = CandidateGenerator(num_items, deterministic=deterministic)
    variables = generator.init(jax.random.key(5), jnp.zeros(user_dim), method=CandidateGenerator.score)
    return GeneratorBundle(generator, variables)


def main():
    bundle = build_bundle(num_items=8, user_dim=4)
    user = jnp.array([0.3, -1.0, 0.5, 0.2])
    picked = bundle.generator.apply(bundle.variables, user)
    jax.block_until_ready(picked)
    return None
