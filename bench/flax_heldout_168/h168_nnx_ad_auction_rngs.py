# label: same-values
# flax-error: none
# class: 3 the bidder agent draws one key from its self.rngs 'explore' stream before the scan and the body uses that key for every auction
"""Ad auction bidder: a bidding agent with a learned value model and Gumbel exploration on its
bid-shading factor; returns the shading factor used in each auction of a campaign round."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


@dataclasses.dataclass(frozen=True)
class BidderConfig:
    features: int = 6
    auctions: int = 8
    budget: float = 50.0
    seed: int = 3


class ValueModel(nnx.Module):
    def __init__(self, features: int, *, rngs: nnx.Rngs):
        self.value = nnx.Linear(features, 1, rngs=rngs)
        self.log_temperature = nnx.Param(jnp.zeros(()))

    def __call__(self, request):
        return nnx.softplus(self.value(request))[0]


class BidderAgent:
    def __init__(self, config: BidderConfig):
        self.config = config
        self.rngs = nnx.Rngs(params=config.seed, explore=config.seed + 1)
        self.model = ValueModel(config.features, rngs=self.rngs)

    def run_round(self, requests):
        explore_key = self.rngs.explore()

        def auction(budget, request):
            value = self.model(request)
            jitter = jax.random.gumbel(explore_key, ())
            shade = nnx.sigmoid(jitter * jnp.exp(self.model.log_temperature[...]))
            spend = jnp.minimum(value * shade, budget)
            return budget - spend, shade

        remaining, shades = scan(auction, jnp.asarray(self.config.budget), requests)
        return remaining, shades


def main():
    cfg = BidderConfig()
    agent = BidderAgent(cfg)
    requests = jax.random.normal(jax.random.key(10), (cfg.auctions, cfg.features))
    remaining, shades = agent.run_round(requests)
    assert float(remaining) <= cfg.budget
    return shades
