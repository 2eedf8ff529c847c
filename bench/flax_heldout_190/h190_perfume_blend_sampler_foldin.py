# label: ok
# flax-error: none
# class: 2 compose_blends' locals (variables and the sampling key) go straight into the jax.lax.fori_loop body, which folds the loop index into the key before model.apply
"""Fragrance accord sampler for a perfumery's formulation assistant.

A customer brief (warmth, freshness, sweetness, longevity) is encoded and the sampler proposes
several candidate accords with Gumbel-perturbed note scores; perfumers review the alternatives.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn

NOTES = ("bergamot", "neroli", "vetiver", "oud", "iris", "vanilla",
         "amber", "pink pepper", "musk", "fig", "cedar", "tonka")


@dataclasses.dataclass(frozen=True)
class Brief:
    warmth: float
    freshness: float
    sweetness: float
    longevity: float

    def encode(self):
        return jnp.array([self.warmth, self.freshness, self.sweetness, self.longevity])


class AccordSampler(nn.Module):
    n_notes: int = len(NOTES)
    temperature: float = 0.7

    @nn.compact
    def __call__(self, brief_vec):
        logits = nn.Dense(self.n_notes)(nn.tanh(nn.Dense(16)(brief_vec)))
        gumbel = jax.random.gumbel(self.make_rng("sample"), logits.shape)
        return (logits + gumbel) / self.temperature


def compose_blends(model: AccordSampler, variables, briefs, n_blends: int, seed: int):
    brief_vecs = jnp.stack([b.encode() for b in briefs])
    key = jax.random.key(seed)

    def draw(i, scores):
        blend_key = jax.random.fold_in(key, i)
        blend_scores = model.apply(variables, brief_vecs, rngs={"sample": blend_key})
        return scores.at[i].set(blend_scores)

    scores0 = jnp.zeros((n_blends, len(briefs), model.n_notes))
    return jax.lax.fori_loop(0, n_blends, draw, scores0)


def main():
    briefs = [Brief(0.8, 0.2, 0.6, 0.9), Brief(0.1, 0.9, 0.3, 0.4)]
    model = AccordSampler()
    variables = model.init({"params": jax.random.key(0), "sample": jax.random.key(1)},
                           jnp.zeros((1, 4)))
    scores = compose_blends(model, variables, briefs, n_blends=4, seed=7)
    top_notes = [[NOTES[int(i)] for i in row] for row in jnp.argmax(scores, axis=-1)]
    return scores
