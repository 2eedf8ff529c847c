# label: same-values
# flax-error: none
# class: 4 partial(model.apply, rngs=...) kept on a CampaignEntry in the bidder's campaign table, called from the auction scan
"""Real-time bidding: one small Linen bid model per campaign, with log-normal exploration on
the bid. The bidder keeps a table of campaign entries; each entry holds its params and a
ready-to-call apply function."""
import dataclasses
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class BidHead(nn.Module):
    hidden: int = 16
    explore_scale: float = 0.2

    @nn.compact
    def __call__(self, context):
        h = nn.relu(nn.Dense(self.hidden)(context))
        base_bid = nn.softplus(nn.Dense(1)(h))[..., 0]
        noise = jax.random.normal(self.make_rng("explore"), base_bid.shape)
        return base_bid * jnp.exp(self.explore_scale * noise)


@dataclasses.dataclass(frozen=True)
class CampaignConfig:
    name: str
    daily_budget: float
    seed: int


class CampaignEntry:
    def __init__(self, cfg: CampaignConfig, context_dim: int):
        self.cfg = cfg
        self.model = BidHead()
        init_key, explore_key = jax.random.split(jax.random.key(cfg.seed))
        dummy = jnp.zeros((4, context_dim))
        self.params = self.model.init({"params": init_key, "explore": explore_key}, dummy)["params"]
        self.bid_fn = partial(self.model.apply, rngs={"explore": explore_key})


class AuctionBidder:
    def __init__(self, campaigns, context_dim):
        self.table = {c.name: CampaignEntry(c, context_dim) for c in campaigns}

    def simulate(self, name, contexts, n_auctions):
        entry = self.table[name]

        def auction(spent, _):
            bids = entry.bid_fn({"params": entry.params}, contexts)
            return spent + jnp.sum(bids), bids

        spent, bids = lax.scan(auction, jnp.zeros(()), None, length=n_auctions)
        return bids, spent


def main():
    campaigns = [
        CampaignConfig("shoes-eu", daily_budget=500.0, seed=11),
        CampaignConfig("travel-us", daily_budget=900.0, seed=12),
    ]
    bidder = AuctionBidder(campaigns, context_dim=6)
    contexts = jax.random.uniform(jax.random.key(3), (4, 6))
    bids, _ = bidder.simulate("travel-us", contexts, n_auctions=8)
    return bids
