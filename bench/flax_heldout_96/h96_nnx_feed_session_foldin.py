# label: ok
# flax-error: none
# class: 2 UserSession draws self.explore_key = rngs.explore() once at session start; the lax.scan body folds the scroll index into it
"""News-feed ranker with per-user session objects (NNX).

A session draws its exploration key from its nnx.Rngs stream when it opens and folds the
scroll index into it for each scroll's Gumbel noise."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class FeedRanker(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.tower = nnx.Linear(features, 32, rngs=rngs)
        self.head = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, items):
        return self.head(nnx.gelu(self.tower(items))).squeeze(-1)


class UserSession:
    temperature = 0.3

    def __init__(self, user_id: int, ranker: FeedRanker):
        self.user_id = user_id
        self.ranker = ranker
        self.rngs = nnx.Rngs(explore=user_id)
        self.explore_key = self.rngs.explore()

    def exploration_noise(self, impressions):
        def body(carry, xs):
            t, items = xs
            scores = self.ranker(items)
            key = jax.random.fold_in(self.explore_key, t)
            noise = jax.random.gumbel(key, scores.shape) * self.temperature
            return carry, noise

        steps = jnp.arange(impressions.shape[0])
        _, noise = jax.lax.scan(body, None, (steps, impressions))
        return noise


def main():
    ranker = FeedRanker(8, rngs=nnx.Rngs(params=1))
    impressions = jax.random.normal(jax.random.key(0), (5, 12, 8))
    session = UserSession(4242, ranker)
    return session.exploration_noise(impressions)
