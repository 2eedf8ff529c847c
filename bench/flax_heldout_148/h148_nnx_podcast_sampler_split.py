# label: ok
# flax-error: none
# class: 4 BreakPlanner.plan draws one key from self.inserter.policy.rngs.slot() (an nnx.Rngs stream) before the fori_loop, splits it into one key per break and the body indexes its own key; the planner copies itself with dataclasses.replace
"""Podcast ad insertion: sample which mid-roll slot each ad break goes into, per episode."""
from __future__ import annotations

import dataclasses

import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax


class SlotPolicy(nnx.Module):
    def __init__(self, features: int, slots: int, seed: int):
        self.rngs = nnx.Rngs(params=seed, slot=seed + 100)
        self.score = nnx.Linear(features, slots, rngs=self.rngs)

    def __call__(self, episode_features):
        return 0.1 * self.score(episode_features)


class AdInserter:
    def __init__(self, policy: SlotPolicy):
        self.policy = policy


@dataclasses.dataclass(frozen=True)
class BreakPlanner:
    inserter: AdInserter
    breaks: int = 4
    temperature: float = 1.0

    def with_breaks(self, breaks: int) -> "BreakPlanner":
        return dataclasses.replace(self, breaks=breaks)

    def plan(self, episode_features):
        logits = self.inserter.policy(episode_features) / self.temperature
        keys = jax.random.split(self.inserter.policy.rngs.slot(), self.breaks)
        out = jnp.zeros((self.breaks, episode_features.shape[0]), jnp.int32)

        def place_break(b, out):
            slot = jax.random.categorical(keys[b], logits, axis=-1)
            return out.at[b].set(slot)

        return lax.fori_loop(0, self.breaks, place_break, out)


def main():
    episodes = jax.random.normal(jax.random.key(0), (5, 7))
    planner = BreakPlanner(AdInserter(SlotPolicy(features=7, slots=6, seed=3)))
    return planner.with_breaks(6).plan(episodes)
