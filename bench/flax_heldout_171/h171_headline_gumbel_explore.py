# label: same-values
# flax-error: none
# class: 1 the ranker's explore method runs the scan itself and draws self.make_rng('explore') inside the body
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

        def body(carry, slate_index):
            key = self.make_rng("explore")
            noise = jax.random.gumbel(key, base.shape)
            perturbed = base / self.temperature + noise
            return carry, jax.nn.softmax(perturbed)

        _, slate_probs = jax.lax.scan(body, None, jnp.arange(slates))
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
