# label: same-values
# flax-error: none
# class: 2 the recommender draws one key from its nnx.Rngs "explore" stream before the scan and every step of the body reuses it
"""Recommendation retraining pipeline: epsilon-greedy slate exploration over scanned request batches."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class ItemScorer(nnx.Module):
    def __init__(self, num_items, dim, *, rngs):
        self.items = nnx.Embed(num_items, dim, rngs=rngs)
        self.user = nnx.Linear(dim, dim, rngs=rngs)

    def __call__(self, user_feats):
        return self.user(user_feats) @ self.items.embedding[...].T


class SlateRecommender:
    def __init__(self, num_items=12, dim=4, epsilon=0.2, seed=0):
        self.rngs = nnx.Rngs(params=seed, explore=seed + 10)
        self.scorer = ItemScorer(num_items, dim, rngs=self.rngs)
        self.epsilon = epsilon

    def recommend_stream(self, requests, slate=3):
        key = self.rngs.explore()

        def step(carry, user_feats):
            scores = self.scorer(user_feats)
            jitter = jax.random.uniform(key, scores.shape)
            explored = jnp.where(jitter < self.epsilon, jitter * 100.0, scores)
            _, slate_ids = jax.lax.top_k(explored, slate)
            return carry, jitter

        _, jitters = jax.lax.scan(step, None, requests)
        return jitters


def main():
    rec = SlateRecommender()
    requests = jax.random.normal(jax.random.PRNGKey(4), (5, 4))
    return rec.recommend_stream(requests)
