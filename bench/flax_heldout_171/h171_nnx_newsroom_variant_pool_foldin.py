# label: ok
# flax-error: none
# class: 4 the VariantService's pool of EditorSessions each holds a model and a frozen config whose seed, folded with the round index, builds the nnx.Rngs used in the while_loop body
"""Newsroom headline ranker: samples headline variants for an editor's A/B test from a session pool."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class DeskConfig:
    desk: str
    seed: int
    temperature: float = 0.8


class VariantScorer(nnx.Module):
    def __init__(self, variants: int, rngs: nnx.Rngs):
        self.proj = nnx.Linear(32, variants, rngs=rngs)

    def pick(self, story, rngs: nnx.Rngs, temperature):
        logits = self.proj(story) / temperature
        return jax.nn.one_hot(jax.random.categorical(rngs.sample(), logits), logits.shape[-1])


class EditorSession:
    def __init__(self, config: DeskConfig, model: VariantScorer):
        self.config = config
        self.model = model


class VariantService:
    def __init__(self, sessions):
        self.pool = {s.config.desk: s for s in sessions}

    def draw(self, desk: str, story, rounds: int):
        session = self.pool[desk]
        variants = session.model.proj.out_features

        def cond(state):
            return state[0] < rounds

        def body(state):
            i, picks = state
            rngs = nnx.Rngs(sample=jax.random.fold_in(jax.random.key(session.config.seed), i))
            choice = session.model.pick(story, rngs, session.config.temperature)
            return i + 1, picks.at[i].set(choice)

        _, picks = lax.while_loop(cond, body, (0, jnp.zeros((rounds, variants))))
        return picks


def main():
    sessions = [
        EditorSession(DeskConfig("politics", seed=17), VariantScorer(6, nnx.Rngs(0))),
        EditorSession(DeskConfig("sport", seed=23), VariantScorer(6, nnx.Rngs(1))),
    ]
    story = jax.random.normal(jax.random.key(30), (32,))
    return VariantService(sessions).draw("sport", story, rounds=8)
