# label: ok
# flax-error: none
# class: 2 UserSession splits its key per scroll and scans over (impressions, keys); body calls ranker.apply(..., rngs={'explore': key})
"""News-feed ranker with per-user session objects.

Each session scores the impressions of a scroll in a scan and adds Gumbel exploration noise;
the session splits one key per scroll and hands it to apply inside the scan body."""
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

    def exploration(self, items):
        scores = self.score(items)
        return jax.random.gumbel(self.make_rng("explore"), scores.shape) * self.temperature


class UserSession:
    def __init__(self, user_id: int, ranker: FeedRanker, variables):
        self.user_id = user_id
        self.ranker = ranker
        self.variables = variables
        self.key = jax.random.key(user_id)

    def exploration_noise(self, impressions):
        keys = jax.random.split(self.key, impressions.shape[0])

        def body(carry, xs):
            items, key = xs
            noise = self.ranker.apply(
                self.variables, items, rngs={"explore": key}, method=FeedRanker.exploration,
            )
            return carry, noise

        _, noise = jax.lax.scan(body, None, (impressions, keys))
        return noise


def main():
    ranker = FeedRanker()
    impressions = jax.random.normal(jax.random.key(0), (5, 12, 8))
    variables = ranker.init(jax.random.key(1), impressions[0])
    session = UserSession(user_id=4242, ranker=ranker, variables=variables)
    return session.exploration_noise(impressions)
