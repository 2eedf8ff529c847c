# label: ok
# flax-error: none
# class: 1 ClaimsTriage.mc_urgency runs jax.lax.scan itself over keys split from its 'dropout' stream and hands one key to nn.Dropout per step
"""Insurance claims triage: an MLP scores the urgency of a claim over four queues
(fast-track, standard, adjuster, fraud review). Monte-Carlo dropout gives an uncertainty
estimate that decides whether a human reviews the routing."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class ClaimsTriage(nn.Module):
    n_queues: int = 4
    hidden: int = 32
    rate: float = 0.3

    def setup(self):
        self.encoder = nn.Dense(self.hidden)
        self.dropout = nn.Dropout(self.rate)
        self.head = nn.Dense(self.n_queues)

    def __call__(self, claim, deterministic=True):
        h = nn.relu(self.encoder(claim))
        h = self.dropout(h, deterministic=deterministic)
        return nn.softmax(self.head(h))

    def mc_urgency(self, claim, n_samples: int):
        keys = jax.random.split(self.make_rng("dropout"), n_samples)

        def sample(carry, key):
            h = nn.relu(self.encoder(claim))
            h = self.dropout(h, deterministic=False, rng=key)
            return carry, nn.softmax(self.head(h))

        _, probs = jax.lax.scan(sample, None, keys)
        return probs


class TriageDesk:
    def __init__(self, n_features: int, n_samples: int = 6):
        self.model = ClaimsTriage()
        self.params = self.model.init(jax.random.key(0), jnp.zeros((n_features,)))["params"]
        self.n_samples = n_samples

    def route(self, claim, key):
        probs = self.model.apply(
            {"params": self.params}, claim, self.n_samples,
            method=ClaimsTriage.mc_urgency, rngs={"dropout": key},
        )
        return probs


def main():
    desk = TriageDesk(n_features=9)
    claim = jax.random.normal(jax.random.key(7), (9,))
    return desk.route(claim, jax.random.key(11))
