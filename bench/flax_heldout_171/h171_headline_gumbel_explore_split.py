# label: ok
# flax-error: none
# class: 1 the ranker's explore method runs the scan itself, drawing self.make_rng('explore') once and splitting it into per-slate keys fed as xs
"""Newsroom headline ranker: Gumbel-perturbed exploration slates for an A/B bucket."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class HeadlineRanker(nn.Module):
    temperature: float = 0.7

    def setup(self):
        self.encoder = nn.Dense(16)
        self.scorer = nn.Dense(1)

    def score(self, headlines):
        return self.scorer(nn.gelu(self.encoder(headlines)))[:, 0]

    def explore(self, headlines, slates: int):
        base = self.score(headlines)

        def body(carry, key):
            noise = jax.random.gumbel(key, base.shape)
            perturbed = base / self.temperature + noise
            return carry, jax.nn.softmax(perturbed)

        keys = jax.random.split(self.make_rng("explore"), slates)
        _, slate_probs = jax.lax.scan(body, None, keys)
        return slate_probs


class ExplorationBucket:
    def __init__(self, ranker: HeadlineRanker, params, seed: int):
        self.ranker = ranker
        self.params = params
        self.seed = seed

    def slates(self, headlines, count):
        return self.ranker.apply(
            {"params": self.params}, headlines, count,
            method=HeadlineRanker.explore, rngs={"explore": jax.random.key(self.seed)},
        )


def main():
    headlines = jax.random.normal(jax.random.key(11), (7, 24))  # seven candidate headline embeddings
    ranker = HeadlineRanker()
    params = ranker.init(jax.random.key(0), headlines, method=HeadlineRanker.score)["params"]
    bucket = ExplorationBucket(ranker, params, seed=2024)
    return bucket.slates(headlines, 5)
