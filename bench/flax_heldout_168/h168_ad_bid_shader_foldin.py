# label: ok
# flax-error: none
# class: 1 the bid shader's own __call__ draws self.make_rng('explore') before the fori_loop; the body folds the auction index into that key
"""Ad auction bidder: a first-price bid shader that explores around its learned shading factor
with per-auction noise; returns the shading factor chosen for each auction of a campaign."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn

lax = jax.lax


@dataclasses.dataclass(frozen=True)
class CampaignConfig:
    num_slots: int = 4
    auctions: int = 6
    explore_scale: float = 0.5
    budget: float = 100.0


class BidShader(nn.Module):
    num_slots: int
    explore_scale: float

    @nn.compact
    def __call__(self, floor_prices):
        logit = self.param("shade_logit", nn.initializers.zeros, (self.num_slots,))
        auctions = floor_prices.shape[0]
        explore_key = self.make_rng("explore")

        def auction(i, shades):
            noise = jax.random.normal(jax.random.fold_in(explore_key, i), (self.num_slots,))
            return shades.at[i].set(nn.sigmoid(logit + self.explore_scale * noise))

        return lax.fori_loop(0, auctions, auction, jnp.zeros((auctions, self.num_slots)))


class CampaignBidder:
    def __init__(self, config: CampaignConfig, seed: int):
        self.config = config
        self.shader = BidShader(config.num_slots, config.explore_scale)
        self._key = jax.random.key(seed)
        sample = jnp.zeros((config.auctions, config.num_slots))
        self._key, init_key, explore_key = jax.random.split(self._key, 3)
        self.params = self.shader.init({"params": init_key, "explore": explore_key}, sample)["params"]

    def plan(self, floor_prices):
        self._key, explore_key = jax.random.split(self._key)
        shades = self.shader.apply({"params": self.params}, floor_prices, rngs={"explore": explore_key})
        values = floor_prices * 1.4
        bids = jnp.maximum(values * shades, floor_prices)
        return shades, bids


def main():
    cfg = CampaignConfig()
    bidder = CampaignBidder(cfg, seed=11)
    floors = jax.random.uniform(jax.random.key(5), (cfg.auctions, cfg.num_slots)) + 0.5
    shades, bids = bidder.plan(floors)
    assert float(bids.sum()) < cfg.budget * cfg.auctions
    return shades
