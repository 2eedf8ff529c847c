# label: same-values
# flax-error: none
# class: 3 SlateSampler.graphdef/.state (nnx.split of a ranker with train-mode Dropout), merged with copy=True from the attribute in every scan step
"""Streaming service recommendations: sample diverse slates for one viewer.

The sampler stores the ranker split into graph and state (so it can be shipped to the
serving workers) and draws a number of candidate slates with a raw scan. Each draw
merges a private copy of the state; dropout on the scores provides the diversity.
"""
import jax
import flax.nnx as nnx
from jax.lax import scan


class SlateRanker(nnx.Module):
    def __init__(self, n_features: int, n_titles: int, rngs: nnx.Rngs):
        self.user_tower = nnx.Linear(n_features, 32, rngs=rngs)
        self.diversify = nnx.Dropout(0.4, rngs=rngs)
        self.titles = nnx.Linear(32, n_titles, rngs=rngs)

    def __call__(self, viewer):
        return self.titles(self.diversify(nnx.gelu(self.user_tower(viewer))))


class SlateSampler:
    def __init__(self, ranker: SlateRanker, slate_size: int):
        self.graphdef, self.state = nnx.split(ranker)
        self.slate_size = slate_size

    def sample(self, viewer, n_slates: int):
        def draw(carry, _):
            ranker = nnx.merge(self.graphdef, self.state, copy=True)
            scores = ranker(viewer)
            return carry, scores

        _, scores = scan(draw, None, None, length=n_slates)
        return scores

    def slates(self, viewer, n_slates: int):
        scores = self.sample(viewer, n_slates)
        return scores, jax.lax.top_k(scores, self.slate_size)[1]


def main():
    ranker = SlateRanker(12, 20, nnx.Rngs(params=0, dropout=1))
    sampler = SlateSampler(ranker, slate_size=5)
    viewer = jax.random.normal(jax.random.key(7), (12,))
    scores, slates = sampler.slates(viewer, n_slates=6)
    print("candidate slates", slates)
    return scores
