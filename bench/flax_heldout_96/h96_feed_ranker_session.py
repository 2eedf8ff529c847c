# label: same-values
# flax-error: none
# class: 2 UserSession.apply(..., method=rank_session) runs jax.lax.scan inside the module; body calls self.make_rng('explore')
"""News-feed ranker with per-user session objects.

Each session scores the impressions of a scroll in a scan and adds Gumbel exploration noise
(drawn from the 'explore' stream of the module) so the feed is not deterministic per user."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class FeedRanker(nn.Module):
    hidden: int = 32
    temperature: float = 0.3

    def setup(self):
        self.tower = nn.Dense(self.hidden)
        self.head = nn.Dense(1)

    def score(self, items):
        return self.head(nn.gelu(self.tower(items))).squeeze(-1)

    def __call__(self, items):
        return self.score(items)

    def rank_session(self, impressions):
        # impressions: [num_scrolls, num_items, features]
        def body(carry, items):
            scores = self.score(items)
            noise = jax.random.gumbel(self.make_rng("explore"), scores.shape) * self.temperature
            return carry, noise

        _, noise = jax.lax.scan(body, None, impressions)
        return noise


class UserSession:
    def __init__(self, user_id: int, ranker: FeedRanker, variables):
        self.user_id = user_id
        self.ranker = ranker
        self.variables = variables
        self.key = jax.random.key(user_id)

    def exploration_noise(self, impressions):
        return self.ranker.apply(
            self.variables, impressions,
            rngs={"explore": self.key}, method=FeedRanker.rank_session,
        )


def main():
    ranker = FeedRanker()
    impressions = jax.random.normal(jax.random.key(0), (5, 12, 8))
    variables = ranker.init(jax.random.key(1), impressions[0])
    session = UserSession(user_id=4242, ranker=ranker, variables=variables)
    return session.exploration_noise(impressions)
